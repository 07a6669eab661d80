"""The castles scenario file: its model, builder, checks and printer."""

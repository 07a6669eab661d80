"""The clans scenario language: model, builder, checks and printer."""

"""The shogun scenario language: model, builder, checks and printer."""

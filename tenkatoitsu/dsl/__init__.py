"""What every scenario kind's language shares: source positions, diagnostics,
safe reading of untrusted files, includes and the lark front end."""

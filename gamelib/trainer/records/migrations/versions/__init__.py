"""One module per revision of the records' schema."""

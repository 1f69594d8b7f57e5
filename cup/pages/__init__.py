"""What the cup's public pages, exports and API build from the selectors: the period asked for, the
standings, the history chart, the ledger's lines in words."""

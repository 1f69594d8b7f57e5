"""What a tournament looks like outside Estrade: the bracket or the standings as a PNG (`images`) and as
BBCode (`bbcode`) for the forum, with the French names they share (`labels`)."""

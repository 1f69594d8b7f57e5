"""The cup for the forum: its standings as a picture and as BBCode for announcements."""

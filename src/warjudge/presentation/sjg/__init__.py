"""The SJG hex game at the terminal and as pictures."""

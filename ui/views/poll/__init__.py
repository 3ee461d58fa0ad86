"""The Live poll page's parts: opening a poll, sharing it, the teacher's live view, the student's view."""

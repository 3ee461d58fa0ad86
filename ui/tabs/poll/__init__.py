"""The Live poll page's parts: the teacher's setup and live view, the student's answer."""

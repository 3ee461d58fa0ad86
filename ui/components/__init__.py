"""Small custom components (st.components.v2: inline HTML/CSS/JS, no build step)."""

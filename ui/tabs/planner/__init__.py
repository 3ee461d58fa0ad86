"""The Release planner's parts: the plan on the left (the_plan), and one module per tab of what it gives."""

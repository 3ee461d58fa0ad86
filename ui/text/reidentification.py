"""Sentences of the Re-identification page, kept together for translation.

Placeholders in braces are filled by ui/views/reidentification with numbers already written for
people (ui.fmt); column names, names and values that come from data are escaped with
ui.safe.md_escape first.
"""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Why removing names is not enough",
    "intro": (
        "A table with the names taken out still holds columns that are public elsewhere: age, sex, a "
        "place. They are **quasi-identifiers**: a row nobody else shares them with is one person, and "
        "anyone who knows that person's values finds their row. Pick the columns an outsider could "
        "know, see who is unique, run the linkage attack with a voter list, then ask the same question "
        "of a differentially private release."
    ),
    "sweeney": (
        "Context: Latanya Sweeney estimated that 87% of the US population is unique on three facts, "
        "their 5-digit ZIP code, sex and date of birth ({paper}). With them she found the governor of "
        "Massachusetts in “anonymous” hospital records."
    ),
    "sweeney_paper": (
        "L. Sweeney, “Simple Demographics Often Identify People Uniquely”, Carnegie Mellon University, "
        "Data Privacy Working Paper 3, 2000"
    ),
    "tab_unique": "1. Who is unique",
    "tab_linkage": "2. Linkage attack",
    "tab_release": "3. Against a DP release",
    # ------------------------------------------------------------------ the columns
    "columns": "Quasi-identifiers: columns an outsider could know",
    "columns_help": (
        "Columns such as age, sex or a place, found in public lists (a voter register, a social "
        "profile). The order matters for the growth chart: each column is added in the order picked."
    ),
    "bins": "Numbers",
    "bins_help": (
        "A number with many values (a weight, an exact age) is grouped into bins of equal width, as a "
        "publisher generalises a table: the width is a round number close to the column's range divided "
        "by the number of bins, and each value becomes the start of its bin."
    ),
    "bins_exact": "exact values",
    "bins_20": "about 20 bins",
    "bins_10": "about 10 bins",
    "bins_5": "about 5 bins",
    "pick_columns": "Pick at least one quasi-identifier above: the columns an outsider could know about a person.",
    "binned_one": "{column} in bins of {width} ({source})",
    "binned_catalog": "bounds {lower} to {upper}, documented for this dataset",
    "binned_typical": "typical bounds {lower} to {upper} for such a column",
    "binned_data": "the data's own range, {lower} to {upper}",
    "binned_note": (
        "Numbers grouped: {binned}. A value becomes the start of its bin, and rows in the same bin look alike."
    ),
    "exact_note": "Numbers are compared as exact values: choose bins above to generalise them.",
    "identifier_note": (
        "{columns}: different on every row, a direct identifier like a name. Removing such columns is "
        "the step the title says is not enough."
    ),
    # ------------------------------------------------------------------ 1. uniqueness
    "unique_summary": (
        "On **{columns}**, **{unique} of {people}** ({share}) are unique: nobody else in the table has "
        "their values, so whoever knows them finds their row. {small} ({small_share}) are in groups of "
        "fewer than {k}. The table is **{smallest}-anonymous**: its smallest group holds "
        "{smallest_people}, across {groups} groups in all."
    ),
    "unique_weighted": "Each row stands for the number of people in {weight}, so a group's size adds them up.",
    "sizes_title": "Group sizes:\nhow many share their values\n(red: fewer than 5)",
    "sizes_x": "People",
    "sizes_y": "Group size k",
    "sizes_one": "alone (k = 1)",
    "growth_title": "Unique people\nas columns are added",
    "growth_x": "Columns known",
    "growth_y": "Share of people",
    "growth_unique": "unique (k = 1)",
    "growth_small": "in groups under {k}",
    "growth_series": "People",
    "growth_text": "Each column splits the groups further: {steps}.",
    "growth_step": "{column} {share}",
    # ------------------------------------------------------------------ the voter list
    "voters": "Voter list",
    "voters_simulated": "Simulated from this table",
    "voters_uploaded": "Upload a CSV",
    "coverage": "Share of the table's people on the list",
    "coverage_help": (
        "Each person of the table is on the simulated list with this chance (the seed in the sidebar decides who)."
    ),
    "others": "Other people on the list, not in the table",
    "others_help": (
        "The rest of the town: as many people as this share of the table's, each value drawn from the "
        "table's column on its own. They make some combinations common on the list, and some of them "
        "match a row that is not theirs."
    ),
    "voters_upload": "Voter list (CSV)",
    "voters_upload_help": (
        "A CSV with a name column and the quasi-identifier columns, spelt as in the table. Kept for this session "
        "only; never in a link."
    ),
    "voters_upload_prompt": "Upload a voter list: a CSV with names and the same quasi-identifier columns as the table.",
    "voters_upload_error": "The voter list could not be used: {message}",
    "voters_in_use": "Voter list in use: {name} ({rows} rows). An upload is not in a shared link.",
    "voters_missing": (
        "The voter list is missing the column {column} that the table is matched on; its columns are {columns}. "
        "Add the column, or pick other quasi-identifiers."
    ),
    "aggregated": (
        "This table is already aggregated: each row stands for {people_min} or more people ({weight}), "
        "so no row is one person and a voter list has nobody to pin. That is why published tables "
        "count groups, and why the Attacks page goes after such counts with other questions. The linkage "
        "attack needs a table of people: UCI Adult's census records, one click below, or your own."
    ),
    "use_adult": "Use UCI Adult (one person per row)",
    # ------------------------------------------------------------------ 2. linkage
    "sensitive": "Sensitive column the attacker wants",
    "sensitive_help": "A column that is in the anonymous table but on no public list: a diagnosis, a grade, a salary.",
    "no_sensitive": (
        "Every column is a quasi-identifier: leave one out to be the sensitive value the attacker is after."
    ),
    "linkage_summary": (
        "The voter list holds **{voters}** with their names and {columns}. Joined to the table on those "
        "columns, **{linked} are re-identified** ({share} of the list): each is the only voter with "
        "their values and theirs is the only row with them, so the attacker puts a name on the row and "
        "reads its {sensitive}. {learnt} more give their {sensitive} away without being pinned: every "
        "row that matches them holds the same value (the homogeneity attack)."
    ),
    "linkage_right": "The simulation knows who is who: every one of these names is on the right row.",
    "linkage_wrong": (
        "The simulation knows who is who: {wrong} of these pins are wrong, people who are not in the "
        "table but share their values with somebody the list misses. The attacker cannot tell which."
    ),
    "linkage_none": (
        "Nobody on the list is alone with their values in the table: no row gets a name on these columns. Add a "
        "column and watch the count rise."
    ),
    "who_title": "A few of the people re-identified:",
    "who_name": "Name (voter list)",
    "who_value": "{sensitive} (the “anonymous” table)",
    "simulated_note": (
        "Simulation: the voter list is made from this table with the seed in the sidebar, under made-up "
        "names; a real attacker buys or downloads one. The same seed gives the same list."
    ),
    "uploaded_note": (
        "Your voter list is matched as it is: a voter who is not in the table may still match a row, and the page "
        "cannot tell (it does not know who is who)."
    ),
    # ------------------------------------------------------------------ 3. DP release
    "release_intro": (
        "Now the table is published only as a differentially private histogram: the number of people "
        "with each combination of {columns} on the voter list, each count with noise drawn by OpenDP. "
        "The attacker repeats the linkage: “exactly one person has my voter's values” becomes “the "
        "released count is 1”."
    ),
    "epsilon": "Privacy budget ε of the release",
    "draw_again": "Draw the release again",
    "release_table_what": "",
    "release_table_exact": "Without names",
    "release_table_dp": "DP, ε = {eps}",
    "row_pinned": "Voters pinned to a row",
    "row_right": "of whom really alone",
    "row_wrong": "of whom pinned wrongly",
    "row_precision": "A pin is right",
    "row_error": "Typical error on a count of 1",
    "release_average": (
        "That is one draw: on average a release at this ε gives {right} right pins and {wrong} wrong ones, "
        "right {precision} of the time."
    ),
    "release_summary": (
        "Against the release, the attacker still “confirms” **{right} of the {linked} people** the "
        "plain table gave away, and pins **{wrong} voters wrongly**: a pin is right {precision} of the "
        "time. {verdict} A count of 1 is off by {error} on average (discrete Laplace noise of scale "
        "1/ε = {scale}), and whether a person is in the table or not changes the chance of any released "
        "count by a factor of at most e^ε = {factor}."
    ),
    "release_holds": "The attacker cannot tell the right pins from the wrong ones.",
    "release_loose": (
        "At this ε the noise is too small to hide anybody: a large ε is close to publishing the table itself."
    ),
    "release_domain": (
        "The release's categories are the {cells} combinations on the public voter list, never read "
        "from the private table; {outside} of the table's people have a combination on no list and "
        "fall in no cell."
    ),
    "release_note": (
        "The noisy counts are drawn by OpenDP from the operating system's randomness, not the seed: "
        "draw again for another release. The voter list is the simulation of part 2 (the seed)."
    ),
    "release_who_title": "The same people in the release:",
    "release_who_true": "People with these values",
    "release_who_shown": "Released count",
    "release_who_verdict": "The attacker concludes",
    "verdict_pinned": "pinned",
    "verdict_not": "not pinned",
    "curve_title": "What the linkage gets\nfrom a DP release",
    "curve_x": "Privacy budget ε",
    "curve_y": "Share",
    "curve_series": "Measure",
    "curve_confirmed": "unique people still pinned",
    "curve_right": "a pin is right",
    "curve_here": "this release",
}

TEXT = Texts(EN, __name__)

"""Sentences of the Live poll page (teacher and student), kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Live poll: randomized response with your class",
    "intro": (
        "Ask the class a yes-or-no question. Each phone randomizes the answer before sending it, so "
        "the server, and the teacher, only ever receive randomized answers. Because the amount of "
        "lying is known, the class's true share of \"yes\" can still be estimated."
    ),
    # --- teacher: open a poll
    "setup_title": "Open a poll",
    "question": "Question (yes or no)",
    "question_help": "{low} to {high} characters. Students see it on their phones, as plain text.",
    "question_placeholder": "Have you ever copied someone's homework?",
    "method": "How students randomize",
    "method_device": "On the phone: it tosses an electronic coin",
    "method_coin": "With a real coin: p = 3/4, ε = ln 3",
    "epsilon": "Privacy budget ε of each answer",
    "epsilon_help": "Between {low} and {high}. The phone tells the truth with probability p = e^ε / (e^ε + 1).",
    "epsilon_coin": "The coin protocol fixes p = 3/4, so ε = ln 3 ≈ 1.1, whatever is set above.",
    "create": "Open the poll",
    "bad_question": "A question needs {low} to {high} characters; this one has {n}.",
    "bad_epsilon": "The privacy budget of a poll must lie between {low} and {high}; {eps} is outside.",
    "create_summary": "Each answer tells the truth with probability p = {p} (ε = {eps}).",
    # --- teacher: the open poll
    "code": "Poll code: **{code}**",
    "join": "Students: scan the code, or open this link on a phone.",
    "student_link": "Link for students",
    "teacher_link_title": "Your teacher link (private)",
    "teacher_link": "Your teacher link. Keep it private: it closes, reveals and exports this poll.",
    "qr_caption": "QR code of the student link",
    "asked": "Question: {question}",
    "live_title": "Live results",
    "metric_answers": "Answers",
    "metric_raw": "Raw share of yes",
    "metric_estimate": "Estimated true share",
    "live_none": "No answers yet. Students open the link and press Yes or No.",
    "metric_interval": "Interval (at least 95%)",
    "interval_value": "{low} – {high}",
    "outside_high": (
        "With only {answers}, the raw correction gives {value}, above 100%: the coins' noise still outweighs "
        "the answers, so 100% is shown."
    ),
    "outside_low": (
        "With only {answers}, the raw correction gives {value}, below 0%: the coins' noise still outweighs "
        "the answers, so 0% is shown."
    ),
    "interval_cut_high": "The interval stops at 100%, as no share lies above.",
    "interval_cut_low": "The interval stops at 0%, as no share lies below.",
    "interval_cut_both": "Too few answers yet to narrow the interval.",
    "answers_one": "{n} answer",
    "answers_many": "{n} answers",
    "status_open": "Open: answers are arriving (this view refreshes every second).",
    "status_closed": "Closed: no more answers are taken.",
    "status_revealed": "Closed, and the result is shown on the students' phones.",
    "close": "Close the poll",
    "reveal": "Reveal to students",
    "export": "Export answers (CSV)",
    "new_poll": "Open another poll",
    "chart_title": "The interval narrows\nas answers arrive",
    "chart_x": "Number of answers",
    "chart_y": "Share of yes",
    "chart_estimate": "Estimate",
    "chart_raw": "Raw share",
    "note_device": (
        "Randomized on each phone: it draws from the browser's cryptographic random source and "
        "sends only the randomized answer. The true answer never reaches the server."
    ),
    "note_coin": (
        "Coin protocol: each student tosses a real coin and presses only the answer the coin "
        "dictates. The phone sends exactly the button pressed; the coin stays in the student's hand."
    ),
    "wrong_secret": "This teacher link is not valid, or its poll has expired. Open a new poll.",
    "unknown_poll": (
        "No poll has this code: check it against your teacher's screen. It may also have expired: polls are "
        "deleted after {hours} hours."
    ),
    "csv_number": "number",
    "csv_answer": "randomized answer",
    "csv_received": "received (UTC)",
    "csv_yes": "yes",
    "csv_no": "no",
    # --- student
    "student_question": "Your teacher asks",
    "how_device": (
        "When you press a button, your phone tosses an electronic coin with its cryptographic random "
        "source: with probability {p} it sends your answer, otherwise the opposite one. Only that "
        "randomized answer leaves your phone, so nobody, not even your teacher, can tell what you "
        "really answered (ε = {eps})."
    ),
    "how_coin": (
        "Toss a coin. Heads: press your true answer. Tails: toss it again and press Yes for heads, "
        "No for tails. Press only what the coin says: the phone sends the button you press. The truth "
        "is told with probability 3/4 (ε = ln 3 ≈ 1.1), and nobody can tell which case yours was."
    ),
    "button_yes": "Yes",
    "button_no": "No",
    "sending": "Sending…",
    "sent": "Received: **{answer}**, the answer your phone sent. Thank you!",
    "already_sent": "This phone has already answered this poll: it sent **{answer}**.",
    "why_device": (
        "Your phone may have flipped your answer on purpose: that is the point, as nobody can tell a "
        "flipped answer from a true one."
    ),
    "why_coin": "It is the button you pressed as your coin said: nobody can tell whether it is your true answer.",
    "answer_yes": "Yes",
    "answer_no": "No",
    "duplicate": "This phone has already answered this poll: one person, one answer.",
    "closed_student": "This poll is closed: no more answers are taken.",
    "full": "This poll has received as many answers as it can take.",
    "wait_reveal": "Your teacher will reveal the result on this page.",
    "result_empty": "Nobody answered this poll.",
    # --- a student joins with the code alone
    "join_title": "Join a poll with its code",
    "join_label": "Poll code",
    "join_placeholder": "{chars} letters and digits",
    "join_help": "The code on your teacher's screen. Capitals, spaces and dashes do not matter.",
    "join_button": "Join",
    "join_empty": "Type the code shown on your teacher's screen.",
    "join_not_a_code": (
        "“{typed}” is not a poll code: a code has {chars} letters and digits, as shown on your teacher's screen."
    ),
    "join_unknown": (
        "No poll has the code {code}. Check it against your teacher's screen: a poll is deleted {hours} hours "
        "after it opens."
    ),
    # --- what the poll refuses, and why the store could not answer (nothing was stored)
    "address_full": (
        "This poll has already taken {n} answers from your network address, as many as it takes from "
        "one address. Your answer was not stored."
    ),
    "too_fast": (
        "Too many answers are arriving from your network address at once. Your answer was not stored: "
        "press again in a few seconds."
    ),
    "store_busy": "The poll store is busy (another program holds its lock). Nothing was stored: try again in a moment.",
    "store_gone": (
        "The poll store's file was deleted or replaced while the server was running. Nothing was "
        "stored, and the polls it held are gone: open a new poll."
    ),
    "store_down": (
        "The poll database cannot be reached right now. Nothing was stored, and what you typed is kept: "
        "try again in a moment."
    ),
    "live_summary": (
        "{answers} received, {n_yes} of them \"yes\". Corrected with p = {p}, the true share of \"yes\" is "
        "estimated at **{est}**, between {low} and {high} at least 95% of the time, however small the class."
    ),
    "chart_band": "interval (at least 95%)",
    "result_student": (
        "The class's result: {answers}, {raw} of them \"yes\" after randomizing. The estimated true "
        "share of \"yes\" is **{est}** (an interval from {low} to {high} that holds it at least 95% of "
        "the time)."
    ),
}

TEXT = Texts(EN, __name__)

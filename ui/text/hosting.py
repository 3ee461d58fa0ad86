"""Hosting a class: how phones reach the poll's link (ui/views/poll/share.py, ui/tabs/poll/teacher.py)."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "reach_network": (
        "This page is open at this computer's own address, which no phone can reach: the link and QR code "
        "use its address on the local network, **{address}**. Phones must be on the same network (the "
        "classroom's Wi-Fi)."
    ),
    "reach_typed": "The link and QR code use the address you gave: **{address}**.",
    "reach_unreachable": (
        "This page is open at this computer's own address and no network address was found: no phone can "
        "open this link. Type below the address students should use."
    ),
    "reach_bad_typed": (
        "That is not a web address (such as http://192.168.1.20:8501 or https://class.example.org): the "
        "link still uses {address}, which no phone may reach."
    ),
    "address_title": "The address students should use",
    "address_label": "Address (for example http://192.168.1.20:8501, or your server's public name)",
    "address_help": (
        "Only when the link above does not open on a phone: behind a proxy, type the public address; on a "
        "laptop, its address on the classroom network."
    ),
}

TEXT = Texts(EN, __name__)

"""QR codes drawn on the server as SVG (qrcode's pure-Python SVG writer: no image library, no browser)."""

from __future__ import annotations

import qrcode
import qrcode.image.svg


def qr_svg(text: str) -> str:
    """An SVG QR code of `text` (medium error correction, white background so it scans on any theme)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=12, border=2,
                         image_factory=qrcode.image.svg.SvgPathFillImage)
    code.add_data(text)
    code.make(fit=True)
    return code.make_image().to_string(encoding="unicode")

"""Realistic PDFs for the PDF reader's tests, written with reportlab.

Each builder writes a document of the kind people feed to ``datasetkit ingest``: a
benefits handbook (cover, table of contents, headings, justified paragraphs, lists,
running header and footer with "Page N of M", a disclaimer page), a plan comparison
(ruled, unruled and striped tables, a table across a page break, a boxed note, a
picture and a header logo) and a claims guide with bookmarks. The texts the tests
expect are module constants, so a test names what it looks for.

Where a test needs an exact line break (a word hyphenated at a line end) the lines
are drawn one by one (:class:`FixedLines`); :class:`FillTo` moves the next flowable
to a known height, so a paragraph or a table is cut by the page break on purpose.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    Image,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

BODY_FONT, BOLD_FONT = "Helvetica", "Helvetica-Bold"
BODY_SIZE, LEADING = 11, 14.5
MARGIN = inch
FRAME_WIDTH = LETTER[0] - 2 * MARGIN
# A frame pads its flowables by 6 pt on each side: the width text lines fill.
TEXT_WIDTH = FRAME_WIDTH - 12

STYLES = {
    "title": ParagraphStyle("title", fontName=BOLD_FONT, fontSize=26, leading=32, spaceAfter=18),
    "h1": ParagraphStyle(
        "h1", fontName=BOLD_FONT, fontSize=18, leading=22, spaceBefore=12, spaceAfter=10
    ),
    "h2": ParagraphStyle(
        "h2", fontName=BOLD_FONT, fontSize=14, leading=18, spaceBefore=10, spaceAfter=6
    ),
    "h3": ParagraphStyle(
        "h3", fontName=BOLD_FONT, fontSize=BODY_SIZE, leading=LEADING, spaceBefore=6, spaceAfter=4
    ),
    "body": ParagraphStyle(
        "body",
        fontName=BODY_FONT,
        fontSize=BODY_SIZE,
        leading=LEADING,
        alignment=TA_JUSTIFY,
        spaceAfter=8,
    ),
    "ragged": ParagraphStyle(
        "ragged", fontName=BODY_FONT, fontSize=BODY_SIZE, leading=LEADING, spaceAfter=8
    ),
    "cell": ParagraphStyle("cell", fontName=BODY_FONT, fontSize=10, leading=12.5),
    "cell_head": ParagraphStyle("cell_head", fontName=BOLD_FONT, fontSize=10, leading=12.5),
    "small": ParagraphStyle("small", fontName=BODY_FONT, fontSize=9, leading=11),
    "toc": ParagraphStyle("toc", fontName=BODY_FONT, fontSize=BODY_SIZE, leading=18),
    "toc2": ParagraphStyle(
        "toc2", fontName=BODY_FONT, fontSize=BODY_SIZE, leading=18, leftIndent=18
    ),
}


# ----- building blocks ------------------------------------------------------------------


def png(width: int, height: int, seed: int = 1, noise: bool = False) -> bytes:
    """A PNG written by hand (RGB, 8 bit): a soft gradient, or noise that does not compress."""
    rows = bytearray()
    state = seed * 2654435761 % 2**32 or 1
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            if noise:
                state = (1103515245 * state + 12345) % 2**31
                rows += bytes((state & 0xFF, (state >> 8) & 0xFF, (state >> 16) & 0xFF))
            else:
                rows += bytes(
                    ((x * 255) // max(1, width - 1), (y * 255) // max(1, height - 1), 160)
                )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 6))
        + chunk(b"IEND", b"")
    )


def image_reader(data: bytes) -> ImageReader:
    """An ImageReader over PNG bytes."""
    return ImageReader(BytesIO(data))


class FixedLines(Flowable):
    """Lines of body text drawn exactly as given, at the body leading: a paragraph whose
    line breaks (and line-end hyphens) are chosen by the test, as a typesetter would."""

    def __init__(self, lines: list[str], space_after: float = 8) -> None:
        super().__init__()
        for line in lines:
            width = stringWidth(line, BODY_FONT, BODY_SIZE)
            if width > TEXT_WIDTH:
                raise ValueError(f"line too wide for the frame ({width:.0f} pt): {line!r}")
        self.lines = lines
        self.spaceAfter = space_after

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return avail_width, LEADING * len(self.lines)

    def draw(self) -> None:
        canv = self.canv
        canv.setFont(BODY_FONT, BODY_SIZE)
        for i, line in enumerate(self.lines):
            # The baseline sits where a Paragraph of the same style puts it.
            canv.drawString(0, LEADING * (len(self.lines) - i - 1) + (LEADING - BODY_SIZE), line)


class FillTo(Flowable):
    """Takes up the frame's space but ``remaining`` points, so what follows starts there."""

    def __init__(self, remaining: float) -> None:
        super().__init__()
        self.remaining = remaining

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return avail_width, max(0.0, avail_height - self.remaining)

    def draw(self) -> None:
        pass


class Footnote(Flowable):
    """A footnote at the foot of the page this (empty) flowable lands on, in small type
    between the text and the running footer."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        canvas.saveState()
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN + 6, MARGIN - 6, MARGIN + 100, MARGIN - 6)
        canvas.setFont(BODY_FONT, 8)
        canvas.drawString(MARGIN + 6, MARGIN - 16, self.text)
        canvas.restoreState()


class DocTemplate(SimpleDocTemplate):
    """Headings notify the table of contents (if any) of their page; the chapter (the last
    level-1 heading placed) is kept for the running header."""

    chapter = ""

    def afterFlowable(self, flowable: Any) -> None:
        style = getattr(getattr(flowable, "style", None), "name", "")
        if style in ("h1", "h2"):
            text = flowable.getPlainText()
            if text != "Contents":
                self.notify("TOCEntry", (0 if style == "h1" else 1, text, self.page))
            if style == "h1":
                self.chapter = text


def running_page(
    header: str, logo: bytes | None = None, chapter: bool = False
) -> Callable[[Any, Any, int], None]:
    """An onPage callback: the header text at the top (with the current chapter at the
    right, or a logo), "Page N of M" at the foot."""

    def draw(canv: Any, doc: Any, total: int) -> None:
        canv.saveState()
        canv.setFont(BODY_FONT, 9)
        top = LETTER[1] - 0.55 * inch
        canv.drawString(MARGIN, top, header)
        if chapter:
            canv.drawRightString(LETTER[0] - MARGIN, top, doc.chapter)
        if logo is not None:
            canv.drawImage(image_reader(logo), LETTER[0] - MARGIN - 22, top - 6, 22, 22)
        canv.setLineWidth(0.5)
        canv.line(MARGIN, top - 8, LETTER[0] - MARGIN, top - 8)
        canv.drawCentredString(LETTER[0] / 2, 0.5 * inch, f"Page {doc.page} of {total}")
        canv.restoreState()

    return draw


def build(
    path: Path,
    story: Callable[[], list[Any]],
    later_pages: Callable[[Any, Any, int], None] | None,
    *,
    first_page_plain: bool = True,
    toc: bool = False,
    title: str | None = None,
    after: Callable[[Any], None] | None = None,
    compress: bool = True,
) -> Path:
    """Write ``story()`` to ``path``. The page callback is told the page count, so a first
    run into memory counts the pages; ``after(canvas)`` draws extra marks on every page."""
    total = 0
    for out in (BytesIO(), str(path)):
        seen = [0]

        def on_page(canv: Any, doc: Any, seen: list[int] = seen, total: int = total) -> None:
            seen[0] = max(seen[0], doc.page)
            if later_pages is not None and not (first_page_plain and doc.page == 1):
                later_pages(canv, doc, total)
            if after is not None:
                after(canv)

        template = DocTemplate(
            out,
            pagesize=LETTER,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=title or "",
            author="Contoso HR",
            pageCompression=1 if compress else 0,
        )
        run = template.multiBuild if toc else template.build
        run(story(), onFirstPage=on_page, onLaterPages=on_page)
        total = seen[0]
    return path


def bullets(
    items: list[str | tuple[str, ListFlowable]], start: str = "bullet", indent: float = 18
) -> ListFlowable:
    """A list of body paragraphs (or nested lists): bullets, or numbers with ``start="1"``."""
    flow = []
    for item in items:
        # An item with sub-items: (text, nested list), the nested list inside the item.
        text, nested = item if isinstance(item, tuple) else (item, None)
        parts = [Paragraph(text, STYLES["ragged"]), *([nested] if nested else [])]
        flow.append(ListItem(parts, spaceAfter=3))
    if start == "bullet":
        return ListFlowable(
            flow, bulletType="bullet", start="•", leftIndent=indent, bulletFontSize=BODY_SIZE
        )
    return ListFlowable(
        flow, bulletType="1", bulletFormat="%s.", leftIndent=indent, bulletFontSize=BODY_SIZE
    )


# ----- the benefits handbook ----------------------------------------------------------------

HANDBOOK_TITLE = "Contoso Employee Benefits Handbook"
HANDBOOK_HEADER = "Contoso Employee Benefits Handbook · Plan year 2026"

COVER = (
    "Plan year 2026. This handbook describes the medical, leave and retirement benefits that "
    "Contoso Ltd. offers to its employees in the United States."
)
INTRO = [
    "This handbook explains the benefits Contoso offers to eligible employees and their "
    "families. It summarises the main rules of each plan in plain language, so that you can "
    "choose the coverage that suits you and use it with confidence. Where this handbook and "
    "the official plan documents differ, the plan documents govern.",
    "Benefits are reviewed every year during open enrolment, which runs from 1 November to 30 "
    "November. Changes you make during open enrolment take effect on 1 January of the following "
    "year. Outside open enrolment you can change your elections only after a qualifying life "
    "event, such as marriage, the birth of a child or the loss of other coverage.",
]
ELIGIBLE_LEAD = (
    "You are eligible for benefits if you meet all of the following conditions on your first "
    "day of work:"
)
ELIGIBLE_BULLETS = [
    "You work at least 30 hours a week on a regular schedule, as recorded in the HR system at "
    "the start of each pay period.",
    "You are a full-time or part-time employee on the US payroll.",
    "You have completed the enrolment form in the benefits portal within 31 days of your "
    "start date.",
]
ELIGIBLE_NESTED = [
    "Interns and seasonal workers are not eligible, even when they work more than 30 hours a "
    "week for several months.",
    "Contractors paid through an agency are covered by the agency's own plan.",
]
DEPENDANTS = (
    "Your spouse or domestic partner and your children up to age 26 may also be covered. You "
    "must provide proof of the relationship, such as a marriage certificate or a birth "
    "certificate, within 60 days of adding a dependant."
)
COVERAGE_STARTS = (
    "Coverage starts on the first day of the month after your start date. If you start on the "
    "first day of a month, coverage starts that same day. Coverage for a newborn or newly "
    "adopted child starts on the date of birth or placement, provided you add the child within "
    "31 days."
)
# Ragged lines: the second ends a sentence well short of the margin, because the long
# word that starts the third did not fit after it.
COVERAGE_ENDS_LINES = [
    "Coverage ends on the last day of the month in which you leave the company or stop being",
    "eligible, for example when you work fewer than 30 hours a week for three months.",
    "Continuation coverage under COBRA can then be bought for up to 18 months at full cost.",
]
COVERAGE_ENDS = " ".join(COVERAGE_ENDS_LINES)
MEDICAL = (
    "Contoso offers two medical plans administered by Northwind Health: the Standard plan and "
    "the Plus plan. Both plans cover preventive care at no cost when you use an in-network "
    "provider, and both include prescription drug coverage. The plans differ in their "
    "premiums, deductibles and the share of costs you pay after the deductible."
)
# Drawn line by line: the breaks fall inside "deductible", "co-insurance", "cutting-edge",
# "out-of-network" and a phone number.
SHARE_LINES = [
    "Under both plans you pay the full cost of covered care until you reach your annual deduct-",
    "ible. After that, the plan pays most of the cost and you pay only a share, known as co-",
    "insurance, until you reach the out-of-pocket maximum. The Plus plan also offers cutting-",
    "edge telehealth services and a wider choice of specialists in every state.",
]
SHARE = (
    "Under both plans you pay the full cost of covered care until you reach your annual "
    "deductible. After that, the plan pays most of the cost and you pay only a share, known as "
    "co-insurance, until you reach the out-of-pocket maximum. The Plus plan also offers "
    "cutting-edge telehealth services and a wider choice of specialists in every state."
)
NETWORK_LINES = [
    "If you see a provider outside the Northwind network, your claim is processed as out-of-",
    "network care and you pay a higher share of the cost. To find a provider, call us on 1-",
    "800-555-0199 or search the provider directory in the benefits portal at any time.",
]
NETWORK = (
    "If you see a provider outside the Northwind network, your claim is processed as "
    "out-of-network care and you pay a higher share of the cost. To find a provider, call us "
    "on 1-800-555-0199 or search the provider directory in the benefits portal at any time."
)
DEDUCTIBLE = (
    "The deductible resets on 1 January each year. Amounts you pay for covered care count "
    "towards the deductible, but premiums and charges for services the plan does not cover do "
    "not. Your co-insurance is 20% under the Standard plan and 10% under the Plus plan."
)
EXAMPLE = (
    "Suppose the Standard plan deductible is $1,500 and you receive a hospital bill of $4,000. "
    "You pay the first $1,500, which meets your deductible. Of the remaining $2,500 you pay "
    "20%, which is $500, and the plan pays the other $2,000."
)
CLAIM_LEAD = (
    "In-network providers file claims for you. If you paid for care yourself, for example "
    "while travelling abroad, you can ask for reimbursement. Follow these steps:"
)
CLAIM_STEPS = [
    "Ask the provider for an itemised bill that shows the date of service, the diagnosis and "
    "the amount you paid.",
    "Complete the claim form in the benefits portal and upload a copy of the bill together "
    "with your proof of payment.",
    "Submit the claim within 180 days of the date of service; late claims are reviewed only in "
    "exceptional cases.",
]
CLAIM_AFTER = (
    "Northwind Health decides most claims within 30 days and pays approved amounts directly "
    "into the bank account you have on file."
)
LEAVE = (
    "Contoso provides paid time off for holidays, illness and family events. Your manager "
    "approves leave requests in the HR system, and the system keeps your balance up to date."
)
PTO_FOOTNOTE = "1 Part-time employees accrue paid time off in proportion to their contracted hours."
# One long first sentence: wherever the page break cuts it, the line above ends mid-sentence.
PTO = (
    "Paid time off accrues from your first day of work at a rate that depends on your years of "
    "service, starting at one and a quarter days for each full month worked during your first "
    "three years with the company and rising to one and three quarter days for each full month "
    "once you have completed five years, with the balance shown on your payslip and in the HR "
    "system so that you can plan holidays well in advance and agree them with your manager "
    "before you book any travel. Unused days up to a maximum of five can be carried over into "
    "the first quarter of the next year."
)
# The footnote's marker, a raised "1" after "three years"; it is not part of the text.
PTO_MARKED = PTO.replace("first three years", "first three years<super>1</super>")
PARENTAL = (
    "Employees who become parents through birth, adoption or foster placement receive 16 weeks "
    "of fully paid parental leave. The leave can be taken in one block or in up to four blocks "
    "within the first year. Tell your manager and HR at least 30 days before the leave starts "
    "whenever you can."
)
# An unspaced dash and a web address broken at a line end: no space where they join.
PARENTAL_PAY_LINES = [
    "Parental leave is paid at full salary—including any shift allowance that you normally receive—",
    "for all 16 weeks. The request form is in the HR portal at https://hr.contoso.example/forms/",
    "parental-leave and must reach HR at least 30 days before the leave starts.",
]
PARENTAL_PAY = (
    "Parental leave is paid at full salary—including any shift allowance that you normally "
    "receive—for all 16 weeks. The request form is in the HR portal at "
    "https://hr.contoso.example/forms/parental-leave and must reach HR at least 30 days before "
    "the leave starts."
)
SICK = (
    "You can take up to ten paid sick days each year for your own illness or to care for a "
    "family member. For absences longer than three working days, ask your doctor for a note "
    "and send it to HR."
)
# The spaced dash does not fit at the end of the second line, so the third starts with it.
SICK_PAY_LINES = [
    "Sick days are not paid out when you leave the company, and any unused days lapse at the",
    "end of each plan year, and they can never be carried over or be exchanged for extra holidays",
    "– so please use them when you are ill, and stay at home until you are well enough to work.",
]
SICK_PAY = " ".join(SICK_PAY_LINES)
RETIREMENT = [
    "The Contoso 401(k) plan helps you save for retirement from your salary before income tax "
    "is deducted. You are enrolled automatically at 3% of pay after 30 days unless you choose "
    "a different rate or opt out.",
    "The company matches 100% of the first 4% of pay you contribute and 50% of the next 2%. "
    "Matching contributions vest after two years of service.",
]
# Items without a full stop, as many lists are written.
RETIREMENT_BULLETS = [
    "Contributions are taken from each paycheque before income tax is calculated",
    "You can change your contribution rate at any time in the benefits portal",
]
CONTACT = (
    "For questions about any benefit, contact the HR service centre. The team answers calls on "
    "working days from 8:00 to 18:00 Eastern time."
)
COVER_RIGHTS = "© 2026 Contoso Ltd. All rights reserved."
DISCLAIMER = (
    "This handbook is provided for demonstration purposes only and does not create a contract "
    "of employment. Contoso may change or end any benefit at any time. © 2026 Contoso Ltd. "
    "All rights reserved."
)
# Headings of the handbook, (level, text), in order.
HANDBOOK_HEADINGS = [
    (0, HANDBOOK_TITLE),
    (1, "Introduction"),
    (2, "Who is eligible"),
    (2, "When coverage starts"),
    (1, "Medical Plans"),
    (2, "Deductibles and co-insurance"),
    (3, "Worked example"),
    (2, "Filing a claim"),
    (1, "Leave"),
    (2, "Paid time off"),
    (2, "Parental leave"),
    (2, "Sick leave"),
    (1, "Retirement Savings"),
]


def _handbook_story() -> list[Any]:
    s = STYLES
    p = lambda text: Paragraph(text, s["body"])  # noqa: E731
    toc = TableOfContents(levelStyles=[s["toc"], s["toc2"]], dotsMinLevel=0)
    nested = bullets(list(ELIGIBLE_NESTED))
    return [
        Spacer(1, 2.5 * inch),
        Paragraph(HANDBOOK_TITLE, s["title"]),
        p(COVER),
        Spacer(1, 4 * inch),
        Paragraph(COVER_RIGHTS, s["small"]),
        PageBreak(),
        Paragraph("Contents", s["h1"]),
        toc,
        PageBreak(),
        Paragraph("Introduction", s["h1"]),
        *[p(t) for t in INTRO],
        Paragraph("Who is eligible", s["h2"]),
        p(ELIGIBLE_LEAD),
        bullets([ELIGIBLE_BULLETS[0], (ELIGIBLE_BULLETS[1], nested), ELIGIBLE_BULLETS[2]]),
        Spacer(1, 6),
        p(DEPENDANTS),
        Paragraph("When coverage starts", s["h2"]),
        p(COVERAGE_STARTS),
        FixedLines(COVERAGE_ENDS_LINES),
        Paragraph("Medical Plans", s["h1"]),
        p(MEDICAL),
        FixedLines(SHARE_LINES),
        FixedLines(NETWORK_LINES),
        Paragraph("Deductibles and co-insurance", s["h2"]),
        p(DEDUCTIBLE),
        Paragraph("Worked example", s["h3"]),
        p(EXAMPLE),
        Paragraph("Filing a claim", s["h2"]),
        p(CLAIM_LEAD),
        bullets(CLAIM_STEPS, start="1"),
        Spacer(1, 6),
        p(CLAIM_AFTER),
        Paragraph("Leave", s["h1"]),
        p(LEAVE),
        # The heading and three lines of the paragraph fit at the foot of the page.
        FillTo(10 + 18 + 6 + 3.5 * LEADING),
        Paragraph("Paid time off", s["h2"]),
        Footnote(PTO_FOOTNOTE),
        p(PTO_MARKED),
        Paragraph("Parental leave", s["h2"]),
        p(PARENTAL),
        FixedLines(PARENTAL_PAY_LINES),
        Paragraph("Sick leave", s["h2"]),
        p(SICK),
        FixedLines(SICK_PAY_LINES),
        Paragraph("Retirement Savings", s["h1"]),
        *[p(t) for t in RETIREMENT],
        # No space after this list: the paragraph follows the last item directly.
        bullets(RETIREMENT_BULLETS),
        p(CONTACT),
        PageBreak(),
        p(DISCLAIMER),
    ]


def make_handbook(path: Path) -> Path:
    """The benefits handbook: cover, contents, four chapters, a disclaimer page."""
    return build(
        path,
        _handbook_story,
        running_page(HANDBOOK_HEADER),
        toc=True,
        # Word's placeholder, as in many exported PDFs: the title must come from the cover.
        title="Microsoft Word - benefits-handbook-2026.docx",
    )


# ----- the plan comparison: tables ------------------------------------------------------------

PLANS_TITLE = "Medical and Dental Plan Comparison"
PLANS_HEADER = "Contoso Benefits · Plan Comparison 2026"
PLANS_INTRO = (
    "This guide compares the medical and dental plans available in 2026. All amounts are in US "
    "dollars and apply to the plan year from 1 January to 31 December. Premiums are deducted "
    "from your pay in equal amounts twice a month."
)
PREMIUMS_HEAD = ["Plan", "Monthly premium", "Annual deductible", "Notes"]
PREMIUMS = [
    ["Standard", "$85", "$1,500", "Lowest premium; preventive care at no cost."],
    [
        "Plus",
        "$140",
        "$750",
        "Includes telehealth visits, a wider network of specialists and lower co-insurance.",
    ],
    ["High deductible", "$40", "$3,000", "Can be paired with a health savings account."],
]
FAMILY_LEAD = "When you also cover your spouse or children, the premiums are:"
FAMILY_PREMIUMS = [
    ["Standard", "$240", "$3,000", "Each family member also has a $1,500 limit."],
    ["Plus", "$395", "$1,500", "Includes orthodontic cover for children."],
    ["High deductible", "$115", "$6,000", "Family deductible must be met first."],
]
COSTS_LEAD = "What you pay for common kinds of care once the deductible is met:"
COSTS_HEAD = ["Service", "Standard plan", "Plus plan"]
# Rules above and below the header and under the last row only; cells wrap.
COSTS = [
    ["Doctor's visit", "$30 per visit", "$20 per visit"],
    [
        "Specialist visit",
        "$60 per visit; a referral from your doctor is needed for the first visit",
        "$40 per visit",
    ],
    ["Emergency room", "$250, waived if you are admitted to hospital", "$150"],
    ["Urgent care", "$75", "$50"],
]
NOTE = (
    "Note: if you enrol in the high deductible plan, Contoso adds $500 to your health savings "
    "account at the start of the year. The deposit is prorated when you join later in the year."
)
HSA_LEAD = "Yearly limits for the health savings account, with what Contoso adds:"
HSA_HEAD = ["Coverage", "Your limit", "Contoso adds", "Total"]
# No grid, a rule under the header only; the amounts are right-aligned.
HSA = [
    ["Employee only", "$4,150.00", "$500.00", "$4,650.00"],
    ["Employee and spouse", "$8,300.00", "$1,000.00", "$9,300.00"],
    ["Employee and children", "$8,300.00", "$750.00", "$9,050.00"],
    ["Family, age 55 or over", "$9,300.00", "$1,000.00", "$10,300.00"],
]
PHARMACY_LEAD = (
    "The pharmacy benefit sorts medicines into tiers. The table below shows what you pay for a "
    "30-day supply at a retail pharmacy and a 90-day supply by mail order."
)
PHARMACY_HEAD = ["Tier", "Medicine", "Retail (30 days)", "Mail order (90 days)"]
MEDICINES = [
    "Atorvastatin",
    "Metformin",
    "Lisinopril",
    "Amlodipine",
    "Levothyroxine",
    "Omeprazole",
    "Sertraline",
    "Albuterol inhaler",
    "Losartan",
    "Gabapentin",
    "Insulin glargine",
    "Adalimumab",
    "Simvastatin",
    "Montelukast",
    "Escitalopram",
    "Rosuvastatin",
    "Bupropion",
    "Furosemide",
    "Pantoprazole",
    "Prednisone",
    "Tamsulosin",
    "Fluticasone spray",
]
PHARMACY = [
    [str(1 + i % 3), name, f"${10 + 15 * (i % 3)}", f"${25 + 35 * (i % 3)}"]
    for i, name in enumerate(MEDICINES)
]
CONTACTS_LEAD = "You can reach the benefit providers directly:"
CONTACTS_HEAD = ["Provider", "Phone", "Hours"]
CONTACTS = [
    ["Northwind Health", "1-800-555-0199", "Mon-Fri 8:00-20:00"],
    ["Fabrikam Dental", "1-800-555-0142", "Mon-Fri 9:00-17:00"],
    ["Tailspin Pharmacy", "1-800-555-0175", "Every day 7:00-22:00"],
    ["HR service centre", "1-800-555-0100", "Mon-Fri 8:00-18:00"],
]
DENTAL_LEAD = (
    "Both dental plans are provided by Fabrikam Dental. The share of the cost the plan pays "
    "depends on the type of care."
)
DENTAL_HEAD = ["Service", "Basic plan", "Enhanced plan"]
DENTAL = [
    ["Check-ups and cleaning", "100%", "100%"],
    ["Fillings", "80%", "90%"],
    ["Root canal treatment", "50%", "80%"],
    ["Crowns and bridges", "Not covered", "60%"],
    ["Orthodontics (under 19)", "Not covered", "50%"],
]
VISION_LEAD = "Vision care is part of both medical plans. What you pay for each service:"
# A header of two rows: "Plan" spans both, "In network" and "Out of network" two columns each.
VISION_TOP = ["Plan", "In network", "", "Out of network", ""]
VISION_SUB = ["", "Eye exam", "Lenses", "Eye exam", "Lenses"]
VISION = [
    ["Standard", "$10", "$25", "$50", "$80"],
    ["Plus", "$0", "$10", "$40", "$60"],
]
VISION_HEAD = [
    "Plan",
    "In network Eye exam",
    "In network Lenses",
    "Out of network Eye exam",
    "Out of network Lenses",
]
MAP_LEAD = (
    "The map below shows the Northwind network hospitals in each region. Any network hospital "
    "can treat you in an emergency, wherever you live."
)
MAP_AFTER = (
    "Outside the network, emergency care is still covered at the in-network rate. Call "
    "Northwind Health within 48 hours of an emergency admission so they can arrange your care."
)


def _grid(head: list[str], rows: list[list[str]], widths: list[float], **style: Any) -> Table:
    s = STYLES
    data = [[Paragraph(h, s["cell_head"]) for h in head]]
    data += [[Paragraph(c, s["cell"]) for c in row] for row in rows]
    commands: list[Any] = [("VALIGN", (0, 0), (-1, -1), "TOP")]
    if style.get("grid"):
        commands += [("GRID", (0, 0), (-1, -1), 0.5, colors.black)]
        commands += [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde4ee"))]
    if style.get("rules"):
        commands += [("LINEABOVE", (0, 0), (-1, 0), 1, colors.black)]
        commands += [("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]
        commands += [("LINEBELOW", (0, -1), (-1, -1), 1, colors.black)]
    if style.get("stripes"):
        commands += [("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black)]
        commands += [
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#e8e8e8")])
        ]
    return Table(data, colWidths=widths, repeatRows=1, style=TableStyle(commands), hAlign="LEFT")


def _plain_table(rows: list[list[str]], widths: list[float], *extra: Any) -> Table:
    """A table with no grid: a bold header row, 10 pt cells, and ``extra`` style commands."""
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD_FONT, 10),
        ("FONT", (0, 1), (-1, -1), BODY_FONT, 10),
        *extra,
    ]
    return Table(rows, colWidths=widths, hAlign="LEFT", style=TableStyle(commands))


def _plans_tables() -> dict[str, Any]:
    """The plan comparison's tables that are not plain grids."""
    box = [("BOX", (0, 0), (-1, -1), 0.75, colors.black), ("TOPPADDING", (0, 0), (-1, -1), 6)]
    vision = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (1, 0), (2, 0)),
        ("SPAN", (3, 0), (4, 0)),
        ("FONT", (0, 1), (-1, 1), BOLD_FONT, 10),
    ]
    return {
        "note": Table([[Paragraph(NOTE, STYLES["ragged"])]], [FRAME_WIDTH], style=box),
        "hsa": _plain_table(
            [HSA_HEAD, *HSA],
            [150, 90, 90, 90],
            ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
        ),
        "contacts": _plain_table(
            [CONTACTS_HEAD, *CONTACTS], [150, 120, 150], ("LEFTPADDING", (0, 0), (-1, -1), 0)
        ),
        "vision": _plain_table([VISION_TOP, VISION_SUB, *VISION], [116, 85, 85, 85, 85], *vision),
    }


def _plans_story() -> list[Any]:
    s = STYLES
    p = lambda text: Paragraph(text, s["body"])  # noqa: E731
    t = _plans_tables()
    picture = Image(BytesIO(png(120, 75)), width=FRAME_WIDTH, height=0.6 * FRAME_WIDTH)
    return [
        Paragraph(PLANS_TITLE, s["title"]),
        p(PLANS_INTRO),
        Paragraph("Monthly premiums", s["h1"]),
        _grid(PREMIUMS_HEAD, PREMIUMS, [90, 90, 100, 188], grid=True),
        Spacer(1, 8),
        p(FAMILY_LEAD),
        _grid(PREMIUMS_HEAD, FAMILY_PREMIUMS, [90, 90, 100, 188], grid=True),
        Spacer(1, 12),
        t["note"],
        Spacer(1, 12),
        p(HSA_LEAD),
        t["hsa"],
        PageBreak(),
        Paragraph("Out-of-pocket costs", s["h1"]),
        p(COSTS_LEAD),
        _grid(COSTS_HEAD, COSTS, [120, 200, 136], rules=True),
        Spacer(1, 12),
        Paragraph("Prescription drugs", s["h1"]),
        p(PHARMACY_LEAD),
        _grid(PHARMACY_HEAD, PHARMACY, [50, 170, 110, 138], grid=True),
        Spacer(1, 12),
        Paragraph("Dental care", s["h1"]),
        p(DENTAL_LEAD),
        _grid(DENTAL_HEAD, DENTAL, [200, 130, 138], stripes=True),
        Spacer(1, 12),
        # Room for the heading, the sentence, the header and three rows: the last row of
        # the table goes on alone at the top of the next page.
        FillTo(12 + 22 + 10 + LEADING + 8 + 4 * 18 + 4),
        Paragraph("Contacts", s["h1"]),
        p(CONTACTS_LEAD),
        t["contacts"],
        Spacer(1, 24),
        Paragraph("Vision care", s["h1"]),
        p(VISION_LEAD),
        t["vision"],
        PageBreak(),
        Paragraph("Hospital network", s["h1"]),
        p(MAP_LEAD),
        picture,
        Spacer(1, 10),
        p(MAP_AFTER),
    ]


def make_plan_tables(path: Path) -> Path:
    """The plan comparison: a ruled table, a boxed note, an unruled and a striped table, a
    table across a page break, a picture, and a header logo on every page."""
    return build(
        path,
        _plans_story,
        running_page(PLANS_HEADER, logo=png(16, 16, seed=3)),
        first_page_plain=False,
        title=PLANS_TITLE,
    )


# ----- the claims guide: bookmarks ------------------------------------------------------------


class Bookmark(Flowable):
    """A bookmark (outline entry) at this point of the page, at outline depth ``level``."""

    def __init__(self, title: str, level: int) -> None:
        super().__init__()
        self.title, self.level = title, level

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        key = f"bm{id(self)}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(self.title, key, level=self.level, closed=False)


GUIDE_TITLE = "Claims Guide"
GUIDE_RIGHTS = "© 2026 Northwind Health. All rights reserved."
# (bookmark depth, heading, paragraphs, page break after)
GUIDE = [
    (
        0,
        "Before you claim",
        [
            "A claim is a request for payment under your medical or dental plan. Most "
            "providers in the Northwind network claim for you, so you only need this guide when "
            "you paid for care yourself.",
        ],
        False,
    ),
    (
        1,
        "Documents you need",
        [
            "Keep the itemised bill, the receipt and any referral letter. Copies are accepted "
            "when they are legible and show the provider's name and address.",
        ],
        False,
    ),
    (
        1,
        "Deadlines",
        [
            "Claims must be filed within 180 days of the date of service. Late claims are "
            "reviewed by hand and paid only in exceptional cases, such as a stay in hospital.",
        ],
        True,
    ),
    (
        0,
        "Filing a claim",
        [
            # Starts with the next bookmark's title ("Online"): still a paragraph.
            "Online claims are usually paid within ten working days; claims sent by post "
            "take about four weeks. You can file a claim either way.",
        ],
        False,
    ),
    (
        1,
        "Online",
        [
            "Sign in to the benefits portal, choose Claims and upload a photo or scan of each "
            "document. You can follow the progress of the claim in the portal.",
        ],
        False,
    ),
    (
        1,
        "By post",
        [
            "Print the claim form, sign it and send it with copies of your documents to "
            "Northwind Health, PO Box 1200, Redmond, WA 98052.",
        ],
        True,
    ),
    (
        0,
        "Appeals",
        [
            "If a claim is refused, the letter explains why. You can appeal within 60 days by "
            "writing to the appeals team; an independent reviewer decides within 30 days.",
        ],
        False,
    ),
]


def _guide_story(outline: bool) -> list[Any]:
    s = STYLES
    heading = ParagraphStyle("guide_h", parent=s["h2"], fontSize=13, leading=17)
    story: list[Any] = [Paragraph(GUIDE_TITLE, s["title"])]
    # A contents list typed by hand, dot leaders and all, with no heading above it.
    for title, page in (("Before you claim", 1), ("Filing a claim", 2), ("Appeals", 3)):
        story.append(Paragraph(f"{title} {'.' * (70 - 2 * len(title))} {page}", s["ragged"]))
    for depth, title, paragraphs, page_break in GUIDE:
        if outline:
            story.append(Bookmark(title, depth))
        story.append(Paragraph(title, heading))
        story.extend(Paragraph(t, s["body"]) for t in paragraphs)
        if page_break:
            story.append(PageBreak())
    # The back page: the last section, and a copyright line at its foot.
    return [*story, Spacer(1, 3 * inch), Paragraph(GUIDE_RIGHTS, s["small"])]


def watermark(canv: Any) -> None:
    """A large pale "DRAFT" across the middle of the page, at 45 degrees."""
    canv.saveState()
    canv.setFont(BOLD_FONT, 96)
    canv.setFillColor(colors.Color(0.88, 0.88, 0.88))
    canv.translate(LETTER[0] / 2, LETTER[1] / 2)
    canv.rotate(45)
    canv.drawCentredString(0, -30, "DRAFT")
    canv.restoreState()


def make_claims_guide(path: Path, outline: bool = True) -> Path:
    """A three-page draft guide (a "DRAFT" watermark across every page) whose headings all
    share one style; the bookmarks give their depth."""
    return build(
        path,
        lambda: _guide_story(outline),
        running_page("Northwind Health · Claims Guide"),
        title=GUIDE_TITLE,
        after=watermark,
    )


# ----- a long handbook, generated: the multi-page test and the benchmark -----------------------

_SUBJECTS = [
    "Your manager",
    "The HR service centre",
    "Northwind Health",
    "The plan administrator",
    "Each employee",
    "The benefits committee",
    "Your department",
    "The payroll team",
]
_ACTIONS = [
    "reviews every request within ten working days",
    "confirms the decision in writing and explains how to appeal",
    "keeps a record of the approval in the HR system",
    "may ask for further documents before a claim is paid",
    "publishes the updated rates at the start of each plan year",
    "contacts you by email when something is missing from your request",
    "applies the same rules to full-time and part-time employees",
    "treats all personal information as confidential",
]
_CONDITIONS = [
    "when the request is complete",
    "unless the plan documents say otherwise",
    "as long as you are enrolled in the plan",
    "after the waiting period has ended",
    "if the care was provided by an in-network provider",
    "for the remainder of the plan year",
    "within the limits shown in the table for your region",
    "provided that your manager has approved the absence",
]
_TOPICS = [
    "Eligibility",
    "Enrolment",
    "Medical cover",
    "Dental cover",
    "Vision care",
    "Prescription drugs",
    "Paid time off",
    "Parental leave",
    "Sick leave",
    "Retirement savings",
    "Life insurance",
    "Disability cover",
    "Travel expenses",
    "Relocation",
    "Education assistance",
    "Wellness programme",
]
_ASPECTS = ["Who is covered", "How to apply", "What it costs", "When it ends", "Exceptions"]


def _sentence(rng: Any) -> str:
    return f"{rng.choice(_SUBJECTS)} {rng.choice(_ACTIONS)} {rng.choice(_CONDITIONS)}."


def _paragraph(rng: Any) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(3, 6)))


def _chapter(rng: Any, number: int, figure: bytes | None) -> list[Any]:
    s = STYLES
    topic = _TOPICS[number % len(_TOPICS)]
    out: list[Any] = [Paragraph(f"{number + 1}. {topic}", s["h1"])]
    out += [Paragraph(_paragraph(rng), s["body"]) for _ in range(2)]
    for aspect in rng.sample(_ASPECTS, 3):
        out.append(Paragraph(aspect, s["h2"]))
        out += [Paragraph(_paragraph(rng), s["body"]) for _ in range(rng.randint(1, 3))]
        kind = rng.random()
        if kind < 0.3:
            out.append(bullets([_sentence(rng) + " " + _sentence(rng) for _ in range(3)]))
            out.append(Spacer(1, 6))
        elif kind < 0.45:
            out.append(bullets([_sentence(rng) for _ in range(3)], start="1"))
            out.append(Spacer(1, 6))
    if number % 2 == 0:
        head = ["Region", "Monthly cost", "Employer share", "Conditions"]
        rows = [
            [region, f"${rng.randint(20, 400)}", f"{rng.randint(50, 100)}%", _sentence(rng)]
            for region in ("North America", "Europe", "Asia Pacific", "Latin America")
        ]
        out += [_grid(head, rows, [90, 80, 90, 208], grid=True), Spacer(1, 10)]
    if figure is not None:
        out.append(Image(BytesIO(figure), width=0.55 * FRAME_WIDTH, height=0.3 * FRAME_WIDTH))
        out.append(Paragraph(f"Figure {number + 1}. How {topic.lower()} works.", s["body"]))
    out.append(Paragraph(_paragraph(rng), s["body"]))
    return out


def make_long_handbook(
    path: Path, chapters: int, *, seed: int = 7, figures: int = 0, compress: bool = True
) -> Path:
    """A generated handbook of ``chapters`` chapters (about 1.6 pages each): numbered
    headings, justified paragraphs, lists, a ruled table every other chapter, a running
    header (naming the chapter) and footer; with ``figures``, an incompressible picture in every chapter."""
    import random

    def story() -> list[Any]:
        rng = random.Random(seed)
        out: list[Any] = [Spacer(1, 2.5 * inch), Paragraph(HANDBOOK_TITLE, STYLES["title"])]
        out += [Paragraph(COVER, STYLES["body"]), PageBreak()]
        for n in range(chapters):
            picture = figures and n % figures == 0
            figure = png(150, 100, seed=n + 1, noise=True) if picture else None
            out += _chapter(rng, n, figure)
        return out

    return build(
        path,
        story,
        running_page(HANDBOOK_HEADER, chapter=True),
        title="Microsoft Word - handbook.docx",
        compress=compress,
    )

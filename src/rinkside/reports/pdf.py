"""The official game report as a printable PDF (US letter, reportlab platypus).

One page for a normal game: small type (7 pt tables), the two rosters side
by side, the goaltenders beside the time-outs and shots. The PDF of a
signed game says who signed and when and that the scoring summary is locked
(Rule 616(a)); a reopened game shows each reopening with its reason. Until
the game is signed there are blank lines for the official scorer's and the
referees' signatures (Rules 502(h), 506(b)).

When the game does not fit one page, the report fits what it can and says
so: long written reports (502(l)) are shown on the first page as a line
each, in full on the pages after the signatures; whatever still runs over
flows on, and the first page then says how many pages the report has
(each page's footer "page 2 of 3"): a report is never longer than it says.

Whatever the record holds, the report is made: every text is shown as
:func:`rinkside.formats.text.readable` gives it and cut at :data:`CLIP`
characters (with an ellipsis) so that no cell outgrows the page, and long
words are split where they reach the cell's edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO
from typing import Final
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from rinkside.formats.text import readable
from rinkside.present.minutes import penalty_minutes
from rinkside.present.roles import role_words
from rinkside.reports.fonts import BOLD, REGULAR, register
from rinkside.reports.report_model import GameReport, RosterLine, TeamSheet
from rinkside.reports.report_text import local_time, warning_rows

MARGIN: Final = 0.4 * inch
CLIP: Final = 300  # the most characters of one text shown (a name, a reason)
WRITTEN_LINE: Final = 150  # a written report's start shown where it belongs, when apart
WIDTH: Final = letter[0] - 2 * MARGIN - 12  # the frame pads 6 pt a side
GREY: Final = colors.HexColor("#e6e6e6")
LINE: Final = colors.HexColor("#999999")

_BASE = ParagraphStyle("base", fontName=REGULAR, fontSize=6.8, leading=7.8)
_BOLD = ParagraphStyle("bold", parent=_BASE, fontName=BOLD)
_HEAD = ParagraphStyle("head", parent=_BASE, fontName=BOLD, fontSize=6.5,
                       leading=7.5)
_SECTION = ParagraphStyle("section", parent=_BASE, fontName=BOLD, fontSize=8,
                          leading=9.5, spaceBefore=4, spaceAfter=1)
_TITLE = ParagraphStyle("title", parent=_BASE, fontName=BOLD, fontSize=14,
                        leading=16)
_META = ParagraphStyle("meta", parent=_BASE, fontSize=8, leading=10)
_RESULT = ParagraphStyle("result", parent=_BASE, fontName=BOLD, fontSize=10,
                         leading=12.5)
_NOTE = ParagraphStyle("note", parent=_BASE, fontSize=6.5, leading=7.8,
                       textColor=colors.HexColor("#333333"))


def render_pdf(report: GameReport, *, printed: datetime | None = None) -> bytes:
    """The report as PDF bytes: on one page if it fits, else with the written
    reports in full after the signatures, and the count of its pages on the
    first page and in every footer."""
    register()  # DejaVu Sans: every name as typed, in any European script
    printed = printed or datetime.now(UTC)
    data, pages = _build(report, printed, Layout())
    if pages == 1:
        return data
    layout = Layout(written_apart=bool(report.written) and _written_too_long(report))
    for _ in range(3):  # saying the count may move it; at most a line does
        layout = Layout(layout.written_apart, pages)
        data, pages = _build(report, printed, layout)
        if pages == layout.pages:
            break
    return data


@dataclass(frozen=True)
class Layout:
    """How the report is laid out: ``written_apart``, the written reports in
    full on the pages after the signatures (a line each where they belong); ``pages``, the
    count of pages said (1: none said)."""

    written_apart: bool = False
    pages: int = 1


def _written_too_long(report: GameReport) -> bool:
    return any(len(w.text) > WRITTEN_LINE for w in report.written)


def _build(report: GameReport, printed: datetime, layout: Layout) -> tuple[bytes, int]:
    """The PDF laid out so, and how many pages it has."""
    out = BytesIO()
    doc = SimpleDocTemplate(out, pagesize=letter, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN + 6,
                            title=f"Official game report, game {report.game_id}",
                            author="rinkside", subject=readable(
                                f"{report.home.name[:CLIP]} vs {report.away.name[:CLIP]}"))
    of = f" of {layout.pages}" if layout.pages > 1 else ""

    def footer(canvas: Canvas, _doc: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 6)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(MARGIN + 6, MARGIN - 2,
                          f"rinkside · game {report.game_id} · from event log version "
                          f"{report.version} · printed {local_time(printed, '%Y-%m-%d %H:%M')}")
        canvas.drawRightString(letter[0] - MARGIN - 6, MARGIN - 2,
                               f"page {canvas.getPageNumber()}{of}")
        if report.chain_head:  # what a signed report is checked against (issue 29)
            canvas.drawString(MARGIN + 6, MARGIN - 9,
                              f"record's chain head (SHA-256): {report.chain_head}")
        canvas.restoreState()

    doc.build(story(report, layout), onFirstPage=footer, onLaterPages=footer)
    pages: int = doc.page
    return out.getvalue(), pages


def story(report: GameReport, layout: Layout | None = None) -> list[Flowable]:
    """The report's flowables, top to bottom."""
    layout = layout or Layout()
    parts: list[Flowable] = [*_heading(report), *_length(report, layout), Spacer(0, 3),
                             _score_table(report)]
    parts += [_section("Rosters (as dressed)"), _side_by_side(
        _roster_table(report.home), _roster_table(report.away))]
    parts += [_section("Goals (Rule 506(a), 616)"), _goals(report)]
    parts += [_section("Penalties (Rule 506(a))"), _penalties(report)]
    parts += [Spacer(0, 3), _side_by_side(  # a section's space before, as the others'
        Table([[_section("Goaltenders")], [_goalies(report)], [_events(report)]],
              colWidths=[HALF], style=_FLAT),
        Table([[_section("Suspensions")], [_suspensions(report)]], colWidths=[HALF],
              style=_FLAT))]
    parts += [_section("Referees' reports (Rules 502(l), 404(h), 405(b))"),
              *_reports(report, layout)]
    parts += [_section("Warnings for the referees"), _warnings(report)]
    # the officials, who signed and the lines to sign on stay on one page together
    parts += [KeepTogether([_section("Officials and signatures (Rules 502(h), 506(b), 616(a))"),
                            *_officials(report), _signature_lines(report)])]
    if layout.written_apart:  # the score sheet is the first page, the reports after it
        parts += [PageBreak(), _section("The referees' written reports in full "
                           "(Rules 502(l), 404(h), 405(b))"), *_written(report)]
    return parts


def _length(report: GameReport, layout: Layout) -> list[Flowable]:
    """The report says when it runs past one page, and why."""
    if layout.pages == 1:
        return []
    why = (" (the referees' written reports in full after the signatures)"
           if layout.written_apart else "")
    return [_p(f"This report runs to {layout.pages} pages{why}.", _BOLD)]


# --------------------------------------------------------------------------- pieces


def _esc(text: object, limit: int = CLIP) -> str:
    """``text`` as a paragraph's markup: readable, cut at ``limit``, escaped."""
    shown = readable(str(text))
    if len(shown) > limit:
        shown = shown[:limit - 1] + "…"
    return escape(shown)


def _p(text: object, style: ParagraphStyle = _BASE) -> Paragraph:
    return Paragraph(_esc(str(text)), style)


def _section(title: str) -> Paragraph:
    return Paragraph(_esc(title), _SECTION)


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], widths: Sequence[float],
           *, empty: str = "None.") -> Flowable:
    """A ruled table of small type; ``widths`` are fractions of the width given."""
    if not rows:
        return _p(empty, _NOTE)
    data = [[_p(h, _HEAD) for h in header]]
    data += [[c if isinstance(c, Flowable) else _p("" if c is None else c) for c in row]
             for row in rows]
    table = Table(data, colWidths=list(widths), repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), GREY),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, LINE),
        ("BOX", (0, 0), (-1, -1), 0.5, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def _cols(width: float, *fractions: float) -> list[float]:
    total = sum(fractions)
    return [width * f / total for f in fractions]


def _side_by_side(left: Flowable, right: Flowable) -> Table:
    half = (WIDTH - 8) / 2
    outer = Table([[left, right]], colWidths=[half + 4, half + 4])
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return outer


HALF: Final = (WIDTH - 8) / 2
_FLAT: Final = [("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]


def _heading(report: GameReport) -> list[Flowable]:
    where = " · ".join(x for x in (report.tournament, report.division, report.round_name,
                                   report.rink or "") if x)
    day = local_time(report.scheduled or report.started, "%A %d %B %Y")
    times = (f"Scheduled {local_time(report.scheduled) or '—'} · "
             f"started {local_time(report.started) or '—'} · "
             f"finished {local_time(report.finished) or '—'} (Rule 507(a))")
    title = "OFFICIAL GAME REPORT"
    if not report.final:
        title += " — GAME NOT FINISHED"
    return [Paragraph(f"{title} <font size=10>· game {report.game_id}</font>", _TITLE),
            _p(f"{report.home.name} (home) vs {report.away.name} (away)", _RESULT),
            _p(f"{where}{' · ' + day if day else ''} · {times}", _META),
            _p(f"{report.rules_note}. Times are the game clock, minutes and seconds left "
               "(Rule 507(d)).", _NOTE)]


def _score_table(report: GameReport) -> Flowable:
    header = ["Team", *report.periods, "Total", "Time-outs (641)"]
    rows = []
    for side in ("home", "away"):
        team = report.team(side)
        used = [f"{t.period} {t.time}" for t in report.timeouts if t.team == side]
        rows.append([_p(team.name, _BOLD), *team.by_period, _p(team.score, _BOLD),
                     ", ".join(used) or "none"])
    n = len(report.periods)
    widths = _cols(WIDTH * 0.62, 4, *([0.8] * n), 1, 3)
    table = _table(header, rows, widths)
    result = _p(report.result or f"Game {report.status.replace('_', ' ')}: no result yet",
                _RESULT)
    return _side_by_side_widths(table, result, WIDTH * 0.62)


def _side_by_side_widths(left: Flowable, right: Flowable, left_width: float) -> Table:
    outer = Table([[left, right]], colWidths=[left_width + 6, WIDTH - left_width - 6])
    outer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (0, -1), 6),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return outer


def _role(line: RosterLine) -> str:
    return " ".join(x for x in ("G" if line.goalie else "", line.letter or "") if x)


def _roster_table(team: TeamSheet) -> Flowable:
    rows: list[list[object]] = [[p.number, p.name, _role(p), p.goals or "", p.assists or "",
                                 penalty_minutes(p.pim) if p.pim else ""] for p in team.players]
    if team.bench_pim:
        rows.append(["", "bench", "", "", "", penalty_minutes(team.bench_pim)])
    starts = ("" if team.starting_goalie is None
              else f" <font size=6>starting goaltender #{team.starting_goalie} (204(a))</font>")
    title = Paragraph(f"{_esc(team.name)} <font size=6>({team.side})</font>{starts}", _BOLD)
    table = _table(["#", "Player", "", "G", "A", "PIM"], rows,
                   _cols(HALF, 1.1, 7, 1.4, 1, 1, 1.2), empty="No players dressed.")
    return Table([[title], [table]], colWidths=[HALF],
                 style=[("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])


def _goals(report: GameReport) -> Flowable:
    rows = [[i, g.period, g.time, g.team_name, g.scorer_name, g.assist_name or "unassisted",
             " ".join(g.tags), g.score] for i, g in enumerate(report.goals, 1)]
    return _table(["", "Per", "Time", "Team", "Scorer", "Assist", "", "Score"], rows,
                  _cols(WIDTH, 0.5, 0.6, 0.8, 2.4, 3.2, 3.2, 0.9, 0.8), empty="No goals.")


def _penalties(report: GameReport) -> Flowable:
    rows = []
    for p in report.penalties:
        served = p.served_by_name or ""
        rows.append([p.period, p.time, p.team_name, p.player_name, p.infraction,
                     p.rule or "", p.class_text, penalty_minutes(p.minutes), p.off or "—",
                     p.on or "—", served])
    return _table(["Per", "Time", "Team", "Player", "Infraction", "Rule", "Penalty", "Min",
                   "Off", "On", "Served by"], rows,
                  _cols(WIDTH, 0.5, 0.7, 1.9, 2.4, 2.9, 0.8, 1.75, 0.5, 0.9, 0.9, 1.8),
                  empty="No penalties.")


def _goalies(report: GameReport) -> Flowable:
    rows = [[g.team_name if i == 0 or report.goalies[i - 1].team != g.team else "", g.name,
             g.time, g.goals_against, "" if g.shots_against is None else g.shots_against,
             "" if g.saves is None else g.saves, g.decision]
            for i, g in enumerate(report.goalies)]
    table = _table(["Team", "Goaltender", "Time", "GA", "SA", "SV", "Dec"], rows,
                   _cols(HALF, 2.2, 3.6, 1.1, 0.7, 0.7, 0.7, 0.7),
                   empty="No goaltender records (a forfeit, Rule 634(d)).")
    shots = "" if report.penalty_shots or report.shootout else " No penalty shots; no shootout."
    note = _p("Dec: the decision goes to each team's goaltender with the most time in goal."
              + shots, _NOTE)
    return Table([[table], [note]], colWidths=[HALF],
                 style=[("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0)])


def _events(report: GameReport) -> Flowable:
    """Penalty shots (406) and the shootout (639(b)) beside the goaltenders."""
    rows: list[list[Flowable]] = []
    if report.penalty_shots:
        rows.append([_p("Penalty shots (Rule 406)", _BOLD)])
        rows.append([_table(["When", "Team", "Shooter", ""],
                            [[s.label, s.team_name, s.shooter_name,
                              "goal" if s.scored else "no goal"]
                             for s in report.penalty_shots],
                            _cols(HALF, 1.4, 2, 3.2, 1))])
    if report.shootout:
        rows.append([_p("Shootout (Rule 639(b)): R1 first round, SD sudden death", _BOLD)])
        rows.append([_table(["Round", report.away.name, "", report.home.name, ""],
                            _shootout_pairs(report), _cols(HALF, 0.8, 3, 0.9, 3, 0.9))])
    if not rows:
        return Spacer(0, 0)  # said under the goaltenders
    return Table(rows, colWidths=[HALF],
                 style=[("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0)])


def _shootout_pairs(report: GameReport) -> list[list[object]]:
    """One row a pair of shots, the visitors' first (639(b)4C)."""
    rows: list[list[object]] = []
    for shot in report.shootout:
        column = 1 if shot.team == "away" else 3
        if not rows or rows[-1][column] != "" or rows[-1][0] != shot.label:
            rows.append([shot.label, "", "", "", ""])
        rows[-1][column:column + 2] = [shot.shooter_name, "goal" if shot.scored else "no goal"]
    return rows


def _reports(report: GameReport, layout: Layout) -> list[Flowable]:
    """Rule 502(l): the penalties to report, each duty stated once below;
    the written reports in full or (``layout.written_apart``) a line each."""
    written = _written_lines(report) if layout.written_apart else _written(report)
    if not report.referee_reports:
        return [_p("No game misconduct, gross misconduct or match penalty to report "
                   "(Rule 502(l)).", _NOTE), *written]
    parts: list[Flowable] = [_table(
        ["Rules", "Team", "Player", "Penalty", "Infraction", "When"],
        [[", ".join(r.rules), r.team_name, r.player_name, r.class_text,
          r.infraction + (f" ({r.rule})" if r.rule else ""), f"{r.period} {r.time}"]
         for r in report.referee_reports],
        _cols(WIDTH, 1.2, 2.2, 2.6, 1.8, 4, 0.9))]
    duties = dict.fromkeys(f"{r.class_text.capitalize()}: {r.duty}"
                           for r in report.referee_reports)
    parts += [_p(duty, _NOTE) for duty in duties]
    ruled = Table([["Surrounding circumstances (Rules 404(h), 405(b)):", ""]],
                  colWidths=[1.9 * inch, WIDTH - 1.9 * inch], rowHeights=[14])
    ruled.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 6.8),
                               ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("LINEBELOW", (1, 0), (1, 0), 0.4, colors.black)]))
    return [*parts, *written] if report.written else [*parts, ruled]


def _warnings(report: GameReport) -> Flowable:
    """The engine's warnings, each with its rule, for the referees before they
    sign: one row a sentence, with every moment it was given (the automatic
    game misconducts of a fight are one sentence given once a fighter)."""
    return _table(["When", "Rule", "The engine's warning (the call stands as made)"],
                  [[", ".join(whens), rule or "—", text]
                   for whens, rule, text in warning_rows(report.warnings)],
                  _cols(WIDTH, 1.5, 0.9, 9.6), empty="The engine gave no warning in this game.")


def _suspensions(report: GameReport) -> Flowable:
    return _table(["Team", "Player", "Suspended", "Rule"],
                  [[s.team_name, s.player_name, s.games, s.rule] for s in report.suspensions],
                  _cols(HALF, 2, 2.6, 3, 1.2), empty="No suspensions from this game.")


def _written(report: GameReport) -> list[Flowable]:
    """The referees' written reports and incident notes, as filed (502(l), 404(h), 405(b))."""
    return [Paragraph(
        f"<b>{'Report (Rule ' + escape(w.rule) + ')' if w.rule else 'Incident'}</b>, "
        f"{escape(w.by)} {local_time(w.at, '%Y-%m-%d %H:%M')}: {escape(w.text)}", _BASE)
        for w in report.written]


def _written_lines(report: GameReport) -> list[Flowable]:
    """Each written report on one line (its start), the whole after the
    signatures."""
    def line(text: str) -> str:
        shown = " ".join(readable(text).split())
        cut = shown if len(shown) <= WRITTEN_LINE else shown[:WRITTEN_LINE - 1] + "…"
        return escape(cut) + (" <i>(in full after the signatures)</i>" if cut != shown else "")

    return [Paragraph(
        f"<b>{'Report (Rule ' + escape(w.rule) + ')' if w.rule else 'Incident'}</b>, "
        f"{escape(w.by)} {local_time(w.at, '%Y-%m-%d %H:%M')}: {line(w.text)}", _BASE)
        for w in report.written]


def _officials(report: GameReport) -> list[Flowable]:
    """The officials on one line (each role and who), then who signed."""
    parts: list[Flowable] = [Paragraph(" · ".join(
        f"<b>{_esc(role)}:</b> {_esc(', '.join(names)) or '—'}"
        for role, names in report.officials), _BASE)]
    if report.referees_warning:
        parts.append(_p(report.referees_warning, _BOLD))
    sign = report.signoff
    if sign.signatures:
        who = "; ".join(f"{s.shown} ({role_words(s.role)}) {local_time(s.at, '%Y-%m-%d %H:%M')}"
                        for s in sign.signatures)
        state = ("SIGNED — the scoring summary is locked (Rule 616(a))" if sign.locked
                 else "Signed in part; awaiting " + (", ".join(sign.awaiting) or "—"))
        parts.append(Paragraph(f"<b>{_esc(state)}.</b> Signed by {_esc(who)}.", _BASE))
    else:
        awaiting = f" (awaiting {', '.join(sign.awaiting)})" if sign.awaiting else ""
        parts.append(_p(f"Not signed{awaiting}.", _BOLD))
    if report.team_signatures:
        parts.append(Paragraph("<b>Team officials:</b> " + _esc("; ".join(
            f"{t.text} {local_time(t.at, '%Y-%m-%d %H:%M')}" for t in report.team_signatures)),
            _BASE))
    for r in sign.reopenings:
        parts.append(Paragraph(
            f"<b>Reopened</b> by {_esc(r.by)} on {local_time(r.at, '%Y-%m-%d %H:%M')}: "
            f"{_esc(r.reason)}", _BASE))
    if sign.earlier:
        parts.append(_p("Signatures before the last reopening: " + "; ".join(
            f"{s.shown} {local_time(s.at, '%Y-%m-%d %H:%M')}" for s in sign.earlier),
            _NOTE))
    return parts


def _signature_lines(report: GameReport) -> Flowable:
    """Blank lines to sign on paper until the game is signed (502(h), 506(b))."""
    if report.signoff.locked:
        return Spacer(0, 0)
    blanks = Table([["Official scorer", "", "Referee", "", "Referee", ""]],
                   colWidths=_cols(WIDTH, 1.3, 3, 0.9, 3, 0.9, 3), rowHeights=[18])
    blanks.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 7),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LINEBELOW", (1, 0), (1, 0), 0.5, colors.black),
        ("LINEBELOW", (3, 0), (3, 0), 0.5, colors.black),
        ("LINEBELOW", (5, 0), (5, 0), 0.5, colors.black)]))
    return blanks

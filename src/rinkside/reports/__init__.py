"""What is made from stored games for people and other programs: the
official game report as data (:mod:`.game_report`, with the penalty off and
on times the engine keeps on each penalty's record) and as a PDF (:mod:`.pdf`), the
public-address announcements of Rule 505(c) (:mod:`.announcements`), tables
as CSV and XLSX (:mod:`.exports`), the schedule as iCalendar feeds
(:mod:`.calendar`), and a game's event log as FORMAT.md JSON, exported and
imported (:mod:`.game_log`)."""

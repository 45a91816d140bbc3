"""The rule book made visible: its text rule by rule (:mod:`.text`), where the
code and the tests cite each sub-rule (:mod:`.citations`), the few sub-rules
that software has nothing to do with and why (:mod:`.accounts`), and the
table of what rinkside does with each (:mod:`.coverage`). Pure but for the
package's own files it reads (:mod:`.sources`)."""

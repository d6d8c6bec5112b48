/// The reports `check` and `merge-reports` write (`--reporter NAME[=FILE]`).
package enum ReporterKind: String, CaseIterable { case list, json, junit, html, github }

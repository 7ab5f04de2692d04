/// The pattern file formats the loader reads.
package enum PatternFileFormat: String, Sendable, Hashable, CaseIterable {
    /// AHAP: Apple's JSON (`.ahap`, `.json`).
    case ahap
    /// The AHAP structure as a property list (`.plist`, XML or binary).
    case propertyList
    /// A Lofelt / Meta `.haptic` file (converted to a pattern when read).
    case haptic

    /// The format a file name says, or `nil` for an extension the loader does not read. A `.json` file is AHAP
    /// unless its content says `.haptic` (see ``PatternLoader``).
    package init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "ahap", "json": self = .ahap
        case "plist": self = .propertyList
        case "haptic": self = .haptic
        default: return nil
        }
    }
}

/// The size caps of the studio's server: every request and every message is bounded, so a hostile page or local
/// process cannot make it read or allocate without limit.
package struct StudioLimits: Sendable {
    /// The longest request target (path and query), bytes: longer requests get 414.
    package var maxTargetBytes = 4_096
    /// The largest request body, bytes: the server's HTTP routes take none, so anything larger gets 413.
    package var maxRequestBodyBytes = 0
    /// The largest WebSocket message (and frame), bytes: a pattern of up to the reader's 16 MiB file limit would not
    /// fit, but a designer's pattern is kilobytes; larger messages close the socket with 1009 (message too big).
    package var maxMessageBytes = 4 << 20
    /// The most columns a timeline analysis may ask for.
    package var maxColumns = 8_192
    /// The most files a folder listing returns.
    package var maxListedFiles = 5_000
    /// The deepest subfolder a folder listing looks into.
    package var maxListingDepth = 4

    /// The defaults.
    package init() {}

    /// The defaults.
    package static let `default` = StudioLimits()
}

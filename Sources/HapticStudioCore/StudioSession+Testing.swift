// Test hooks of StudioSession: what tests (and tools) reach that the server does not use.

extension StudioSession {
    /// *For tests:* how many times the page's AHAP was read and checked (see ``PatternAnalyzer/checkCount``).
    package var patternChecks: Int { analyzer.checkCount }

    /// *For tests and tools:* the reply to one message, on the calling thread (the server uses ``run``).
    package func handle(_ text: String, playback: StudioPlayback) -> String {
        let message: StudioMessage
        switch Self.decode(text) {
        case .success(let value): message = value
        case .failure(let refusal): return refusal.reply
        }
        return reply(to: message, playback: playback)
    }
}

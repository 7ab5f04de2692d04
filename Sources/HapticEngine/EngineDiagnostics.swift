import Logging

/// What the state machine counted for a diagnostics report (``EngineAction/reportDiagnostics(_:_:)``); the session
/// adds the mixer's and the device's counters outside the engine's lock.
struct EngineDiagnosticsCounts: Sendable {
    /// Events that found no free voice since the session started.
    var droppedVoiceEvents: Int
    /// Runs stolen by starts beyond capacity.
    var stolenRuns: Int
    /// Starts coalesced in a burst.
    var coalescedStarts: Int
    /// Runs playing now (not counting stolen runs fading out).
    var busyRuns: Int
    /// Whether this is the last report of a session that stopped on its own.
    var isFinal = false
}

/// What a session last logged, so that each report carries the change since the one before.
struct EngineDiagnosticsSnapshot: Sendable {
    var droppedVoiceEvents = 0
    var stolenRuns = 0
    var coalescedStarts = 0
    var recoveredDeviceErrors = 0
    var clippedFrames = 0
    var droppedNotifications = 0
    /// Whether the last report said the run slots were nearly full (reported again once they have eased).
    var poolPressure = false

    /// One line of a report.
    struct Line: Sendable {
        var level: Logger.Level
        var text: String
    }

    /// The lines reporting what changed since `last`: events that found no free voice, runs stolen and starts
    /// coalesced by bursts, device underruns, clipped frames, lost notifications, and run slots nearly full (once, until
    /// they have eased; this snapshot's ``poolPressure`` is updated).
    mutating func lines(since last: EngineDiagnosticsSnapshot, busyRuns busy: Int, configuration: EngineConfiguration) -> [Line] {
        var lines: [Line] = []
        func report(_ level: Logger.Level, _ delta: Int, _ text: String) {
            guard delta > 0 else { return }
            lines.append(Line(level: level, text: "\(delta) \(text)"))
        }
        report(
            .warning, droppedVoiceEvents - last.droppedVoiceEvents,
            "event(s) found no free voice and were skipped (voice pool: \(configuration.voiceCapacity))")
        report(
            .notice, stolenRuns - last.stolenRuns,
            "playing run(s) stolen by starts beyond \(configuration.playerCapacity) runs (faded out, completions called)")
        report(
            .warning, coalescedStarts - last.coalescedStarts,
            "start(s) coalesced in a burst: every slot was fading out, so they did not sound")
        report(.warning, recoveredDeviceErrors - last.recoveredDeviceErrors, "underrun(s) recovered by the output")
        report(.notice, clippedFrames - last.clippedFrames, "frame(s) clipped on the output bus")
        report(.warning, droppedNotifications - last.droppedNotifications, "render notification(s) lost (the notification queue was full)")
        poolPressure = last.poolPressure
        if !last.poolPressure && busy * 10 >= configuration.playerCapacity * 9 {
            lines.append(Line(level: .notice, text: "run slots nearly full: \(busy) of \(configuration.playerCapacity) playing"))
            poolPressure = true
        } else if last.poolPressure && busy * 2 < configuration.playerCapacity {
            poolPressure = false
        }
        return lines
    }
}

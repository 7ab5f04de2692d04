import HapticDevices
import HapticRender
import Logging

/// What the service last logged, so that each report carries the change since the one before.
struct EngineDiagnosticsSnapshot {
    var droppedVoiceEvents = 0
    var stolenRuns = 0
    var coalescedStarts = 0
    var recoveredDeviceErrors = 0
    var clippedFrames = 0
    var droppedNotifications = 0
    /// Whether the last report said the run slots were nearly full (reported again once they have eased).
    var poolPressure = false
    /// Engine time of the last report.
    var time = -Double.infinity
}

extension EngineRuntime {
    /// The label of the engine's logger (swift-log); see ``init(device:configuration:clock:callbackQueue:logger:route:)``.
    public static let logLabel = "OpenCoreHaptics.engine"

    /// Reports, at most once per second, what the render thread counted since the last report: events that found no
    /// free voice, runs stolen and starts coalesced by bursts, device underruns, clipped frames, lost notifications,
    /// and run slots nearly full. The render thread only counts (atomics, plain counters read under the lock);
    /// this runs on the service path, never on the render thread.
    func logDiagnosticsLocked(_ session: EngineSession, now: Double) {
        guard now - session.logged.time >= 1 else { return }
        var current = session.logged
        current.droppedVoiceEvents = session.droppedVoiceEvents
        current.stolenRuns = session.stolenRuns
        current.coalescedStarts = session.coalescedStarts
        current.recoveredDeviceErrors = session.output.device.recoveredErrorCount
        current.clippedFrames = session.mixer.clippedFrameCount
        current.droppedNotifications = session.mixer.droppedNotificationCount
        let last = session.logged
        // Built only when something is reported: this runs on every service tick of an idle engine too.
        var metadata: Logger.Metadata { ["device": "\(session.output.device.info.id)"] }
        func report(_ level: Logger.Level, _ delta: Int, _ text: String) {
            guard delta > 0 else { return }
            logger.log(level: level, "\(delta) \(text)", metadata: metadata)
        }
        report(
            .warning, current.droppedVoiceEvents - last.droppedVoiceEvents,
            "event(s) found no free voice and were skipped (voice pool: \(configuration.voiceCapacity))")
        report(
            .notice, current.stolenRuns - last.stolenRuns,
            "playing run(s) stolen by starts beyond \(configuration.playerCapacity) runs (faded out, completions called)")
        report(
            .warning, current.coalescedStarts - last.coalescedStarts,
            "start(s) coalesced in a burst: every slot was fading out, so they did not sound")
        report(.warning, current.recoveredDeviceErrors - last.recoveredDeviceErrors, "underrun(s) recovered by the output")
        report(.notice, current.clippedFrames - last.clippedFrames, "frame(s) clipped on the output bus")
        report(
            .warning, current.droppedNotifications - last.droppedNotifications,
            "render notification(s) lost (the notification queue was full)")
        let busy = session.runs.count - session.stolenRunsFading
        if !last.poolPressure && busy * 10 >= configuration.playerCapacity * 9 {
            logger.notice("run slots nearly full: \(busy) of \(configuration.playerCapacity) playing", metadata: metadata)
            current.poolPressure = true
        } else if last.poolPressure && busy * 2 < configuration.playerCapacity {
            current.poolPressure = false
        }
        // Looked at once a second (it was every service tick once a second had passed without a report).
        current.time = now
        session.logged = current
    }
}

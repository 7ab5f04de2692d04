import Foundation
import HapticEngine
import HapticPattern
import HapticRender

/// Converts and forwards the calls both player kinds share.
///
/// A plain loop and typed errors rather than `withCoreHapticsErrors` around a `map`: this is the way of a level change
/// to the device, and in the QEMU gate's emulated CPU every layer on it is measured against SDL2's one C call.
private func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval, to player: EnginePlayer)
    throws(CHHapticError)
{
    var models: [DynamicParameter] = []
    models.reserveCapacity(parameters.count)
    do throws(PatternError) {
        for index in parameters.indices {
            models.append(try parameters[index].model(path: "parameters[\(index)]"))
        }
    } catch {
        throw CHHapticError(error)
    }
    do throws(EngineError) {
        try player.sendParameters(models, atTime: time)
    } catch {
        throw CHHapticError(error)
    }
}

private func scheduleCurve(_ curve: CHHapticParameterCurve, atTime time: TimeInterval, on player: EnginePlayer) throws {
    try withCoreHapticsErrors {
        guard time.isFinite, time >= 0 else { throw EngineError(.invalidTime, "the time \(time) s is not a non-negative number") }
        // The header: the call's time replaces the curve's relativeTime; points are relative to it.
        var model = try CHHapticParameterCurve(
            parameterID: curve.parameterID, controlPoints: curve.controlPoints, relativeTime: 0
        ).model(path: "parameterCurve")
        model.time = 0
        try player.scheduleCurve(try CurveProgram(model), atTime: time)
    }
}

/// Ends a player's run for an owner that is letting the player go (the C ABI's destroy): a playing run stops as with a
/// stop "now"; a paused one is abandoned, and its end does not answer `notifyWhenPlayersFinished` handlers registered
/// while it waited (see `EnginePlayer.discard()`).
package func discardPlayback(of player: any CHHapticPatternPlayer) {
    switch player {
    case let advanced as AdvancedPatternPlayer: advanced.player.discard()
    case let standard as StandardPatternPlayer: standard.player.discard()
    default: try? player.stop(atTime: CHHapticTimeImmediate)
    }
}

/// The engine's ``CHHapticPatternPlayer``.
final class StandardPatternPlayer: NSObject, CHHapticPatternPlayer {
    let player: EnginePlayer

    init(player: EnginePlayer) { self.player = player }

    func start(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.start(atTime: time) } }
    func stop(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.stop(atTime: time) } }
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {
        try OpenCoreHaptics.sendParameters(parameters, atTime: time, to: player)
    }
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {
        try scheduleCurve(parameterCurve, atTime: time, on: player)
    }
    func cancel() throws { try withCoreHapticsErrors { try player.cancel() } }
    var isMuted: Bool {
        get { player.isMuted }
        set { player.isMuted = newValue }
    }
}

/// The engine's ``CHHapticAdvancedPatternPlayer``.
final class AdvancedPatternPlayer: NSObject, CHHapticAdvancedPatternPlayer {
    let player: EnginePlayer
    /// The user's handler; the engine's completion calls whatever it holds when a run ends, even after this
    /// object is gone (fire and forget).
    private let completionSlot = LockedSlot<CHHapticAdvancedPatternPlayerCompletionHandler>({ _ in })

    init(player: EnginePlayer) {
        self.player = player
        let slot = completionSlot
        super.init()
        player.completion = { error in slot.value(error.map { CHHapticError($0) }) }
    }

    func start(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.start(atTime: time) } }
    func stop(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.stop(atTime: time) } }
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {
        try OpenCoreHaptics.sendParameters(parameters, atTime: time, to: player)
    }
    // Core Haptics refuses curves on advanced players (notSupported, "not yet supported"); OpenCoreHaptics plays them.
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {
        try scheduleCurve(parameterCurve, atTime: time, on: player)
    }
    func cancel() throws { try withCoreHapticsErrors { try player.cancel() } }
    func pause(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.pause(atTime: time) } }
    func resume(atTime time: TimeInterval) throws { try withCoreHapticsErrors { try player.resume(atTime: time) } }
    func seek(toOffset offsetTime: TimeInterval) throws { try withCoreHapticsErrors { try player.seek(toOffset: offsetTime) } }
    var loopEnabled: Bool {
        get { player.loopEnabled }
        set { player.loopEnabled = newValue }
    }
    // Core Haptics reads back the loop end in effect: until one is set, where the pattern ends (Apple's Unity test
    // Test_AdvancedPlayer_LoopEnd_DefaultIsPatternLength reads 1.5 for a pattern whose last event ends at 1.5 s).
    var loopEnd: TimeInterval {
        get {
            let end = player.loopEnd
            return end > 0 ? end : player.program.lastEventEnd
        }
        set { player.loopEnd = newValue }
    }
    // Core Haptics takes any rate above 0; above PlaybackRateRange.maximum is ignored here too.
    var playbackRate: Float {
        get { player.playbackRate }
        set {
            guard PlaybackRateRange.contains(newValue) else { return }
            player.playbackRate = newValue
        }
    }
    var isMuted: Bool {
        get { player.isMuted }
        set { player.isMuted = newValue }
    }
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler {
        get { completionSlot.value }
        set { completionSlot.value = newValue }
    }
}

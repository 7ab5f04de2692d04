import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics

/// MakePlayer and MakeAdvancedPlayer: a pattern from AHAP text, a player for it on the engine, a handle for that.
enum PlayerMaking {
    /// Makes a player and returns its handle, or reports to `onError` (pointer: the engine, where the plug-in's error
    /// routing looks) and returns `nil`.
    static func make(
        on enginePtr: UnsafeRawPointer?, _ ahapJson: UnsafePointer<CChar>?, advanced: Bool,
        onFinished: CHWSuccessWithPointerCallback?, onError: CHWErrorWithPointerCallback?, in function: StaticString
    ) -> UnsafeMutableRawPointer? {
        guard let entry = HandleTable.shared.engine(enginePtr), let enginePtr else {
            ErrorReport.invalidHandle(enginePtr, expected: "engine", in: function, to: onError)
            return nil
        }
        let player: any CHHapticPatternPlayer
        do {
            let pattern = try PatternText.pattern(ahapJson, in: function)
            player = advanced ? try entry.engine.makeAdvancedPlayer(with: pattern) : try entry.engine.makePlayer(with: pattern)
        } catch {
            ErrorReport.send(error, to: onError, pointer: enginePtr, in: function)
            return nil
        }
        let playerEntry = PlayerEntry(player: player, engineHandle: enginePtr)
        let (adopted, closed) = entry.adopt(playerEntry, kind: advanced ? .advancedPlayer : .player)
        guard let handle = adopted else {
            // The player was never started and no handle names it: it goes with this call.
            if closed {
                ErrorReport.invalidHandle(
                    enginePtr, expected: "engine", in: function, to: onError, detail: "destroyed while the player was made")
            } else {
                ErrorReport.send(ErrorReport.tooManyHandles, to: onError, pointer: enginePtr, in: function)
            }
            return nil
        }
        if let advancedPlayer = playerEntry.advanced {
            advancedPlayer.completionHandler = CompletionForwarding.handler(for: handle, calling: onFinished)
        }
        return handle
    }
}

/// Completion handlers that call a C callback with the player's handle on the callback thread, only while the handle
/// is live.
enum CompletionForwarding {
    /// A completion handler for an advanced player's handle.
    static func handler(
        for handle: UnsafeRawPointer, calling callback: CHWSuccessWithPointerCallback?
    ) -> CHHapticAdvancedPatternPlayerCompletionHandler {
        let bits = UInt(bitPattern: handle)
        return { _ in
            guard let callback else { return }
            CallbackThread.shared.run {
                let handle = UnsafeRawPointer(bitPattern: bits)
                guard HandleTable.shared.advancedPlayer(handle) != nil else { return }
                callback(handle)
            }
        }
    }
}

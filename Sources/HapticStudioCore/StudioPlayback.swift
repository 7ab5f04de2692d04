import Dispatch
import Foundation
import OpenCoreHaptics

/// Plays the page's pattern on the chosen output through a real `CHHapticEngine`, pass after pass.
///
/// Each pass is a new player started at an exact engine time: a loop is not the player's own `loopEnabled` but the
/// next pass scheduled where this one ends, made from the newest pattern the page sent, so an edit made while
/// looping is felt on the next pass. The engine runs only while something plays (it starts on play and stops once
/// the last pass has ended), so an idle studio leaves the device closed and costs no render thread; closing the page
/// stops everything (``shutDown()``).
///
/// Every method hops to one serial queue, which owns the engine and the players.
package final class StudioPlayback: @unchecked Sendable {
    /// What the page hears about playback.
    package enum Event: Sendable {
        /// A pass was scheduled: it starts `delay` seconds from now at `offset` in the pattern and lasts `duration`.
        case pass(offset: Double, duration: Double, delay: Double, loops: Bool)
        /// Playback ended (played out, stopped, or the output stopped), with the reason in words.
        case stopped(reason: String)
        /// Playback failed.
        case failed(message: String)
    }

    /// How far ahead of its start a looping pass is made (and so the last moment an edit reaches it).
    private static let lookahead = 0.15
    /// The delay before the first pass, so its first event is not already late.
    private static let startDelay = 0.03

    private let queue = DispatchQueue(label: "haptic.studio.playback")
    private let outputs: StudioOutputs
    private let send: @Sendable (Event) -> Void
    // Owned by `queue`.
    private var known: [StudioOutput]
    private var outputID: String
    private var engine: CHHapticEngine?
    private var players: [ObjectIdentifier: any CHHapticAdvancedPatternPlayer] = [:]
    private var take: StudioTake?
    private var generation = 0
    /// Bumped by every play and every edit (`update`): the take changed.
    private var edit = 0
    /// The pattern of the current take, made once per edit: the engine compiles a `CHHapticPattern` once and keeps
    /// the program in it, so passes of an unchanged loop reuse it.
    private var compiled: (edit: Int, pattern: CHHapticPattern)?
    private var patternsMadeCount = 0

    /// Creates a controller that plays on `outputs` (starting with the first of `known`) and reports to `send`.
    package init(outputs: StudioOutputs, known: [StudioOutput], send: @escaping @Sendable (Event) -> Void) {
        self.outputs = outputs
        self.known = known
        self.outputID = known.first?.id ?? "null"
        self.send = send
    }

    /// The output the next play uses.
    package var currentOutputID: String { queue.sync { outputID } }

    /// *For tests:* how many `CHHapticPattern`s passes were made from, each compiled once by the engine: one per
    /// play and per edit, however many passes a loop makes.
    package var patternsMade: Int { queue.sync { patternsMadeCount } }

    /// Chooses the output for the next play (stops what plays now).
    ///
    /// - Throws: ``StudioError`` for an ID that is not in the list.
    package func selectOutput(_ id: String, known list: [StudioOutput]) throws(StudioError) {
        let result: StudioError? = queue.sync {
            guard list.contains(where: { $0.id == id }) else { return StudioError("unknown output '\(id)'; choose one from the list") }
            known = list
            if id != outputID {
                stopNow(reason: "output changed")
                closeEngine()
                outputID = id
            }
            return nil
        }
        if let result { throw result }
    }

    /// Starts playing `take` from its first pass (what played before stops).
    ///
    /// - Throws: ``StudioError`` when the output cannot be opened or the pattern cannot be played.
    package func play(_ take: StudioTake) throws(StudioError) {
        let result: StudioError? = queue.sync {
            stopNow(reason: nil)
            do throws(StudioError) {
                let engine = try openEngine()
                generation += 1
                edit += 1
                self.take = take
                try startPass(at: engine.currentTime + Self.startDelay, generation: generation)
                return nil
            } catch {
                self.take = nil
                scheduleClose(generation: generation)
                return error
            }
        }
        if let result { throw result }
    }

    /// Replaces the pattern of the passes to come (a looping take's next pass plays it); keeps the loop and the
    /// selection. Does nothing when nothing loops.
    package func update(_ next: StudioTake) {
        queue.async { [self] in
            guard let current = take, current.loops else { return }
            edit += 1
            take = StudioTake(loaded: next.loaded, loops: true, selection: current.selection)
        }
    }

    /// Stops at once (the sounding events fade over a few milliseconds) and closes the output once it is silent.
    package func stop() {
        queue.sync {
            stopNow(reason: "stopped")
            scheduleClose(generation: generation)
        }
    }

    /// Stops everything and closes the output before returning: the page went away, nothing may keep vibrating.
    package func shutDown() {
        queue.sync {
            stopNow(reason: nil)
            closeEngine()
        }
    }

    // MARK: On the queue

    private func openEngine() throws(StudioError) -> CHHapticEngine {
        if let engine { return engine }
        let engine = try outputs.makeEngine(for: outputID, among: known)
        do {
            try engine.start()
        } catch {
            throw StudioError("cannot open the output '\(outputID)': \(error.localizedDescription)")
        }
        let send = self.send
        engine.stoppedHandler = { [weak self] reason in
            send(.stopped(reason: "the output stopped (\(reason))"))
            guard let self else { return }
            queue.async { self.outputStopped() }
        }
        self.engine = engine
        return engine
    }

    private func startPass(at time: Double, generation: Int) throws(StudioError) {
        guard generation == self.generation, let take, let engine else { return }
        let player: any CHHapticAdvancedPatternPlayer
        do {
            player = try engine.makeAdvancedPlayer(with: pattern(of: take))
            if take.offset > 0 { try player.seek(toOffset: take.offset) }
            let key = ObjectIdentifier(player)
            player.completionHandler = { [weak self] _ in
                guard let self else { return }
                queue.async { self.passEnded(key, generation: generation) }
            }
            try player.start(atTime: time)
            if take.selection != nil { try player.stop(atTime: time + take.passDuration) }
            players[key] = player
        } catch {
            throw StudioError("cannot play the pattern: \(error.localizedDescription)")
        }
        let duration = take.passDuration
        send(.pass(offset: take.offset, duration: duration, delay: Swift.max(0, time - engine.currentTime), loops: take.loops))
        guard take.loops else { return }
        let next = time + duration
        let wait = Swift.max(0, next - engine.currentTime - Self.lookahead)
        queue.asyncAfter(deadline: .now() + wait) { [weak self] in
            guard let self else { return }
            do throws(StudioError) {
                try startPass(at: next, generation: generation)
            } catch {
                send(.failed(message: error.message))
                stopNow(reason: nil)
                scheduleClose(generation: self.generation)
            }
        }
    }

    /// The take's pattern, made once per edit (the engine's program cache lives in it).
    private func pattern(of take: StudioTake) -> CHHapticPattern {
        if let compiled, compiled.edit == edit { return compiled.pattern }
        let pattern = take.makePattern()
        patternsMadeCount += 1
        compiled = (edit, pattern)
        return pattern
    }

    private func passEnded(_ key: ObjectIdentifier, generation: Int) {
        players[key] = nil
        guard generation == self.generation, players.isEmpty, take?.loops != true else { return }
        take = nil
        send(.stopped(reason: "finished"))
        scheduleClose(generation: generation)
    }

    /// Stops every player now and forgets the take; later passes of it are not made.
    private func stopNow(reason: String?) {
        generation += 1
        let wasPlaying = take != nil || !players.isEmpty
        for player in players.values { try? player.stop(atTime: CHHapticTimeImmediate) }
        players.removeAll()
        take = nil
        compiled = nil
        if wasPlaying, let reason { send(.stopped(reason: reason)) }
    }

    /// Closes the output once playback has ended and the engine says its output is silent (the last blocks and
    /// fades reached the device and were heard; at most ``settleTimeout``), unless something plays again by then.
    private func scheduleClose(generation: Int) {
        guard let engine else { return }
        engine.notifyWhenOutputSilent(timeout: Self.settleTimeout) { [weak self] _ in
            guard let self else { return }
            queue.async {
                guard generation == self.generation, self.take == nil else { return }
                self.closeEngine()
            }
        }
    }

    /// The longest wait for the output to fall silent before it is closed (a stalled device), in seconds.
    private static let settleTimeout = 1.0

    private func closeEngine() {
        guard let engine else { return }
        self.engine = nil
        engine.stoppedHandler = { _ in }
        if !players.isEmpty {
            for player in players.values { try? player.stop(atTime: CHHapticTimeImmediate) }
            players.removeAll()
        }
        // Stop once the fade of stopped players has reached the device and been heard (the engine writes silence
        // until then and says when). Never on the engine's callback queue: this is the studio's own queue.
        _ = engine.waitUntilOutputSilent(timeout: Self.settleTimeout)
        engine.stop()
    }

    private func outputStopped() {
        generation += 1
        players.removeAll()
        take = nil
        engine = nil
    }
}

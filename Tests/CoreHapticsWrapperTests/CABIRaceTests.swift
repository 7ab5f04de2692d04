import CCoreHapticsWrapper
import Dispatch
import HapticDevices
import HapticSystem
import OpenCoreHaptics
import Testing

/// Outputs that count how many of them play: started and not yet stopped. Each engine gets its own device object, so
/// its own output and render thread (the engine's output is shared only for hardware, by device ID); an output that
/// plays is a render thread that runs.
private final class CountingOutputs: Sendable {
    private let counts = LockedState((started: 0, stopped: 0))

    /// Outputs started and not stopped: render threads running for the engines made with ``source``.
    var playing: Int { counts.withLock { $0.started - $0.stopped } }

    /// A device source whose every output reports here.
    var source: CHHapticEngine.DeviceSource {
        CHHapticEngine.DeviceSource(output: { CountingDevice(counts: self) }, hardware: { [] })
    }

    func record(started: Int, stopped: Int) {
        counts.withLock {
            $0.started += started
            $0.stopped += stopped
        }
    }

    /// A null device (real-time pacing, nothing written) that reports its starts and stops.
    private final class CountingDevice: HapticDevice {
        let output = NullDevice()
        let counts: CountingOutputs
        private let isStarted = LockedState(false)

        init(counts: CountingOutputs) { self.counts = counts }

        var info: DeviceInfo { output.info }

        func start(format: DeviceFormat) throws(DeviceError) {
            try output.start(format: format)
            if isStarted.withLock({ started in
                defer { started = true }
                return !started
            }) {
                counts.record(started: 1, stopped: 0)
            }
        }

        func write(_ block: DeviceBlock) -> DeviceStatus { output.write(block) }

        func stop() {
            output.stop()
            if isStarted.withLock({ started in
                defer { started = false }
                return started
            }) {
                counts.record(started: 0, stopped: 1)
            }
        }
    }
}

extension CABITests {
    /// One thread makes advanced players as fast as it can while another destroys their engine. Every handle the maker
    /// got must be dead once the destroy has returned (Start reports -1 and revives nothing), and no output may play:
    /// a player made across the destroy used to survive it, and its Start (auto-shutdown on) brought the destroyed
    /// engine back, playing, with no engine handle left to stop it.
    @Test func playersMadeWhileTheirEngineIsDestroyedDoNotOutliveIt() throws {
        let outputs = CountingOutputs()
        let rounds = 100
        var survivors = 0
        var made = 0
        var refusedAsDestroyed = 0
        var revived = 0
        try CHHapticEngine.$taskDeviceSource.withValue(outputs.source) {
            for _ in 0..<rounds {
                CallbackLog.shared.clear()
                let engine = try #require(CoreHaptics_CHHapticEngine_Create(nil, nil, nil))
                CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled(engine, true)
                let engineBits = UInt(bitPattern: engine)
                let handles = LockedState<[UInt]>([])
                let firstMade = DispatchSemaphore(value: 0)
                let makerDone = DispatchSemaphore(value: 0)
                // The maker: players until one is refused (the engine is gone).
                DispatchQueue.global().async {
                    var signalled = false
                    while let player = CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(
                        UnsafeRawPointer(bitPattern: engineBits), Texts.transient, nil, Callbacks.error)
                    {
                        handles.withLock { $0.append(UInt(bitPattern: player)) }
                        if !signalled {
                            signalled = true
                            firstMade.signal()
                        }
                    }
                    if !signalled { firstMade.signal() }
                    makerDone.signal()
                }
                // The destroyer: as soon as the maker is under way.
                #expect(firstMade.wait(timeout: .now() + 60) == .success)
                CoreHaptics_CHHapticEngine_Destroy(engine)
                #expect(makerDone.wait(timeout: .now() + 60) == .success)

                let errors = Self.errors(for: engine)
                #expect(errors.allSatisfy { $0.code == -1 }, "a refused make reports CHW_ERROR_INVALID_HANDLE: \(errors)")
                refusedAsDestroyed += errors.filter { $0.message.contains("destroyed while the player was made") }.count
                var live: [UnsafeRawPointer?] = []
                for bits in handles.withLock({ $0 }) {
                    made += 1
                    let player = UnsafeRawPointer(bitPattern: bits)
                    CallbackLog.shared.clear()
                    CoreHaptics_CHHapticAdvancedPatternPlayer_Start(player, 0, Callbacks.error)
                    if Self.errors(for: player).map(\.code) != [-1] { live.append(player) }
                }
                survivors += live.count
                revived += outputs.playing
                // Let the next round start clean: a surviving player's destroy lets its engine go.
                for player in live { CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(player) }
            }
        }
        #expect(survivors == 0, "\(survivors) player handles of \(made) made in \(rounds) rounds outlived their engine")
        #expect(revived == 0, "\(revived) outputs (render threads) played again for destroyed engines")
        // The race was run, not dodged: makes landed on both sides of the destroy.
        #expect(made >= rounds, "\(made) players made")
        print(
            "CABIRaceTests: \(rounds) rounds, \(made) players made, \(refusedAsDestroyed) refused mid-make, \(survivors) survived, \(revived) outputs revived"
        )
    }
}

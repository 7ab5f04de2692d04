import CCoreHapticsWrapper
import Foundation
import OpenCoreHaptics
import Testing

extension CABITests {
    @Test func anEngineStartsReportsItsPropertiesAndIsGoneAfterDestroy() throws {
        let engine = try Self.startedEngine()
        let before = CoreHaptics_CHHapticEngine_Get_CurrentTime(engine)
        // The engine's clock runs once it is started: after a pattern has played out it is later.
        CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine, Texts.transient, Callbacks.error)
        CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(engine, true, Callbacks.allFinished, Callbacks.error)
        #expect(CallbackLog.shared.waitForSignal())
        #expect(CoreHaptics_CHHapticEngine_Get_CurrentTime(engine) > before)

        for (get, set) in [
            (CoreHaptics_CHHapticEngine_Get_PlaysHapticsOnly, CoreHaptics_CHHapticEngine_Set_PlaysHapticsOnly),
            (CoreHaptics_CHHapticEngine_Get_IsMutedForAudio, CoreHaptics_CHHapticEngine_Set_IsMutedForAudio),
            (CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics, CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics),
            (CoreHaptics_CHHapticEngine_Get_IsAutoShutdownEnabled, CoreHaptics_CHHapticEngine_Set_IsAutoShutdownEnabled),
        ] {
            set(engine, true)
            #expect(get(engine))
            set(engine, false)
            #expect(!get(engine))
        }
        CoreHaptics_CHHapticEngine_Stop(engine, Callbacks.error)
        CoreHaptics_CHHapticEngine_Destroy(engine)

        // Every call on the destroyed handle is refused without touching anything: -1, with the handle as pointer.
        CoreHaptics_CHHapticEngine_Start(engine, Callbacks.error)
        CoreHaptics_CHHapticEngine_Stop(engine, Callbacks.error)
        CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine, Texts.transient, Callbacks.error)
        #expect(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.transient, Callbacks.error) == nil)
        let refused = Self.errors(for: engine)
        #expect(refused.count == 4 && refused.allSatisfy { $0.code == -1 }, "\(refused)")
        #expect(refused.first?.message.hasPrefix("CoreHaptics_CHHapticEngine_Start: 0x") == true, "\(refused)")
        #expect(CoreHaptics_CHHapticEngine_Get_CurrentTime(engine) == 0)
        CoreHaptics_CHHapticEngine_Destroy(engine)  // a second destroy is ignored
        CoreHaptics_CHHapticEngine_Set_IsMutedForHaptics(engine, true)
        #expect(!CoreHaptics_CHHapticEngine_Get_IsMutedForHaptics(engine))
    }

    @Test func malformedAndNullPatternsAreReportedToTheEngineWithTheirPlace() throws {
        let engine = try Self.startedEngine()
        defer { CoreHaptics_CHHapticEngine_Destroy(engine) }
        #expect(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.malformed, Callbacks.error) == nil)
        #expect(CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, nil, Callbacks.finished, Callbacks.error) == nil)
        CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine, "[1, 2", Callbacks.error)
        let errors = Self.errors(for: engine)
        try #require(errors.count == 3, "\(CallbackLog.shared.errors)")
        // A JSON syntax error is Core Haptics' invalid pattern dictionary, with the line and column of the problem.
        #expect(errors[0].code == Int32(CHHapticError.Code.invalidPatternDictionary.rawValue), "\(errors[0])")
        #expect(errors[0].message.hasPrefix("2:13: error: "), "the message names the place: \(errors[0].message)")
        #expect(errors[1].code == Int32(CHHapticError.Code.invalidPatternData.rawValue))
        #expect(errors[1].message == "CoreHaptics_CHHapticEngine_MakeAdvancedPlayer: the AHAP text is NULL")
        #expect(errors[2].code < -4800, "\(errors[2])")
    }

    @Test func aPatternFileIsPlayedAndAMissingOneIsReported() throws {
        let engine = try Self.startedEngine()
        defer { CoreHaptics_CHHapticEngine_Destroy(engine) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cabi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tap.ahap")
        try Texts.transient.write(to: file, atomically: true, encoding: .utf8)
        CoreHaptics_CHHapticEngine_PlayPatternFromUrl(engine, file.path, Callbacks.error)
        #expect(Self.errors(for: engine).isEmpty)
        CoreHaptics_CHHapticEngine_PlayPatternFromUrl(engine, folder.appendingPathComponent("none.ahap").path, Callbacks.error)
        CoreHaptics_CHHapticEngine_PlayPatternFromUrl(engine, nil, Callbacks.error)
        CoreHaptics_CHHapticEngine_PlayPatternFromUrl(engine, "", Callbacks.error)
        let errors = Self.errors(for: engine)
        #expect(errors.map(\.code) == Array(repeating: Int32(CHHapticError.Code.fileNotFound.rawValue), count: 3), "\(errors)")
    }

    @Test func notifyWhenPlayersFinishedCallsBackWithTheEngineAndStopsItWhenAsked() throws {
        let engine = try Self.startedEngine()
        defer { CoreHaptics_CHHapticEngine_Destroy(engine) }
        let player = try #require(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.transient, Callbacks.error))
        CoreHaptics_CHHapticPatternPlayer_Start(player, 0, Callbacks.error)
        CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(engine, false, Callbacks.allFinished, Callbacks.error)
        #expect(CallbackLog.shared.waitForSignal(), "all players finished")
        #expect(CallbackLog.shared.allFinished == [UInt(bitPattern: engine)])
        // Asked to stop: the engine's stopped callback says why (notifyWhenFinished, 4).
        #expect(CallbackLog.shared.waitForSignal(), "the engine stopped")
        #expect(CallbackLog.shared.stopped == [Int32(CHHapticEngine.StoppedReason.notifyWhenFinished.rawValue)])
        #expect(Self.errors(for: engine).isEmpty)
        #expect(CallbackLog.shared.blockedGCSignals == 0, "callbacks run on a thread a managed runtime can stop")
    }

    @Test func destroyingAnEngineDestroysItsPlayers() throws {
        let engine = try Self.startedEngine()
        let player = try #require(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.continuous, Callbacks.error))
        let advanced = try #require(
            CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, Texts.continuous, Callbacks.finished, Callbacks.error))
        CoreHaptics_CHHapticAdvancedPatternPlayer_Start(advanced, 0, Callbacks.error)
        CoreHaptics_CHHapticEngine_Destroy(engine)
        CoreHaptics_CHHapticPatternPlayer_Start(player, 0, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(advanced, 0, Callbacks.error)
        #expect(Self.errors(for: player).map(\.code) == [-1])
        #expect(Self.errors(for: advanced).map(\.code) == [-1])
        CoreHaptics_CHHapticPatternPlayer_Destroy(player)  // ignored, not a crash
        #expect(CallbackLog.shared.finished.isEmpty, "no completion after the engine and its players are gone")
    }

    @Test func hardwareSupportAndCapabilitiesMatchTheSwiftAPI() throws {
        let capability = CHHapticEngine.capabilitiesForHardware()
        #expect(CoreHaptics_CHHapticEngine_HardwareSupportsHaptics() == capability.supportsHaptics)
        let intensity = try capability.attributes(forEventParameter: .hapticIntensity, eventType: .hapticContinuous)
        #expect(CoreHaptics_Capabilities_MinValueForEventParameter(0, 1) == intensity.minValue)
        #expect(CoreHaptics_Capabilities_DefaultValueForEventParameter(0, 1) == intensity.defaultValue)
        #expect(CoreHaptics_Capabilities_MaxValueForEventParameter(0, 1) == intensity.maxValue)
        let pan = try capability.attributes(forDynamicParameter: .audioPanControl)
        #expect(CoreHaptics_Capabilities_MinValueForDynamicParameter(6) == pan.minValue)
        #expect(CoreHaptics_Capabilities_DefaultValueForDynamicParameter(6) == pan.defaultValue)
        #expect(CoreHaptics_Capabilities_MaxValueForDynamicParameter(6) == pan.maxValue)
        // Audio volume does not apply to a transient: its range for audio events, as Apple's wrapper falls back.
        let volume = try capability.attributes(forEventParameter: .audioVolume, eventType: .audioContinuous)
        #expect(CoreHaptics_Capabilities_MaxValueForEventParameter(6, 0) == volume.maxValue)
        for (parameter, type) in [(Int32(10), Int32(0)), (-1, 0), (0, 4), (0, -7), (.max, .min)] {
            #expect(CoreHaptics_Capabilities_MaxValueForEventParameter(parameter, type) == 0)
        }
        #expect(CoreHaptics_Capabilities_MaxValueForDynamicParameter(12) == 0)
        #expect(CoreHaptics_Capabilities_MinValueForDynamicParameter(.min) == 0)
    }
}

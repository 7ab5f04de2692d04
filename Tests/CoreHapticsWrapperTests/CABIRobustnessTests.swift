import CCoreHapticsWrapper
import Testing

extension CABITests {
    @Test func feedbackGeneratorsPlayAndRefuseForeignHandles() throws {
        CallbackLog.shared.clear()
        let impact = try #require(UIFeedbackGenerator_CreateImpactGenerator(2))
        let selection = try #require(UIFeedbackGenerator_CreateSelectionGenerator())
        let notification = try #require(UIFeedbackGenerator_CreateNotificationGenerator())
        let odd = try #require(UIFeedbackGenerator_CreateImpactGenerator(99))  // a heavy one, as Apple's wrapper makes
        for generator in [impact, selection, notification, odd] { UIFeedbackGenerator_Prepare(generator) }
        UIImpactFeedbackGenerator_Trigger(impact, 0.7)
        UIImpactFeedbackGenerator_Trigger(odd, .nan)
        UIImpactFeedbackGenerator_Trigger(odd, 1e30)
        UISelectionFeedbackGenerator_Trigger(selection)
        for type: Int32 in [0, 1, 2, -5] { UINotificationFeedbackGenerator_Trigger(notification, type) }
        // Wrong kinds are refused, not reinterpreted.
        UIImpactFeedbackGenerator_Trigger(selection, 1)
        UISelectionFeedbackGenerator_Trigger(impact)
        UIFeedbackGenerator_DestroySelectionGenerator(impact)
        UIFeedbackGenerator_Prepare(UnsafeRawPointer(bitPattern: 0x1234))
        for generator in [impact, odd] { UIFeedbackGenerator_DestroyImpactGenerator(generator) }
        UIFeedbackGenerator_DestroySelectionGenerator(selection)
        UIFeedbackGenerator_DestroyNotificationGenerator(notification)
        UIImpactFeedbackGenerator_Trigger(impact, 1)  // destroyed: ignored
        UIFeedbackGenerator_DestroyNotificationGenerator(notification)
    }

    /// Every entry point that takes a handle, fed null, forged and destroyed handles: each call returns, reports -1
    /// where it has an error callback, and changes nothing.
    @Test func forgedNullAndDestroyedHandlesNeverCrash() throws {
        let engine = try Self.startedEngine()
        let destroyedPlayer = try #require(CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, Texts.transient, nil, Callbacks.error))
        CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(destroyedPlayer)
        let destroyedEngine = try #require(CoreHaptics_CHHapticEngine_Create(nil, nil, nil))
        CoreHaptics_CHHapticEngine_Destroy(destroyedEngine)
        CallbackLog.shared.clear()
        let handles: [UnsafeRawPointer?] = [
            nil, UnsafeRawPointer(bitPattern: 1), UnsafeRawPointer(bitPattern: UInt.max), UnsafeRawPointer(bitPattern: 0xDEAD_BEEF),
            UnsafeRawPointer(destroyedPlayer), UnsafeRawPointer(destroyedEngine), UnsafeRawPointer(engine),
        ]
        var expected = 0
        for handle in handles {
            let isEngine = handle == UnsafeRawPointer(engine)
            if !isEngine {
                CoreHaptics_CHHapticEngine_Start(handle, Callbacks.error)
                CoreHaptics_CHHapticEngine_Stop(handle, Callbacks.error)
                CoreHaptics_CHHapticEngine_PlayPatternFromUrl(handle, "/nonexistent.ahap", Callbacks.error)
                CoreHaptics_CHHapticEngine_PlayPatternFromJson(handle, Texts.transient, Callbacks.error)
                _ = CoreHaptics_CHHapticEngine_MakePlayer(handle, Texts.transient, Callbacks.error)
                _ = CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(handle, Texts.transient, nil, Callbacks.error)
                CoreHaptics_CHHapticEngine_NotifyWhenPlayersFinished(handle, true, nil, Callbacks.error)
                _ = CoreHaptics_CHHapticEngine_Get_CurrentTime(handle)
                CoreHaptics_CHHapticEngine_Set_IsMutedForAudio(handle, true)
                #expect(!CoreHaptics_CHHapticEngine_Get_IsMutedForAudio(handle))
                CoreHaptics_CHHapticEngine_Destroy(handle)
                expected += 7
            }
            CoreHaptics_CHHapticPatternPlayer_Start(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_Stop(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_SendParameters(
                handle, .init(parameters: nil, parametersLength: 3, atTime: 0), Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(handle, .init(), 0, Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_SetIsMuted(handle, true)
            #expect(!CoreHaptics_CHHapticPatternPlayer_GetIsMuted(handle))
            CoreHaptics_CHHapticPatternPlayer_Destroy(handle)
            CoreHaptics_CHHapticAdvancedPatternPlayer_Start(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_Stop(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_Resume(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(handle, 0, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters(handle, .init(), Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler(handle, Callbacks.finished, Callbacks.error)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(handle, true)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(handle, 3)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(handle, 3)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted(handle, true)
            #expect(!CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled(handle))
            #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd(handle) == 0)
            #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate(handle) == 0)
            #expect(!CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted(handle))
            CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(handle)
            UIFeedbackGenerator_Prepare(handle)
            UIImpactFeedbackGenerator_Trigger(handle, 1)
            UISelectionFeedbackGenerator_Trigger(handle)
            UINotificationFeedbackGenerator_Trigger(handle, 1)
            UIFeedbackGenerator_DestroyImpactGenerator(handle)
            UIFeedbackGenerator_DestroySelectionGenerator(handle)
            UIFeedbackGenerator_DestroyNotificationGenerator(handle)
            expected += 11
        }
        let errors = CallbackLog.shared.errors
        #expect(errors.count == expected && errors.allSatisfy { $0.code == -1 }, "\(errors.filter { $0.code != -1 })")
        // The live engine was only ever used as a player and generator handle: it still works.
        CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine, Texts.transient, Callbacks.error)
        #expect(Self.errors(for: engine).count == 11)
        CoreHaptics_CHHapticEngine_Destroy(engine)
    }
}

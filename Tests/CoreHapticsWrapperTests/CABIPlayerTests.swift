import CCoreHapticsWrapper
import OpenCoreHaptics
import Testing

extension CABITests {
    @Test func aPlayerStartsTakesParametersAndCurvesAndRefusesBadOnes() throws {
        let engine = try Self.startedEngine()
        defer { CoreHaptics_CHHapticEngine_Destroy(engine) }
        let player = try #require(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.continuous, Callbacks.error))
        CoreHaptics_CHHapticPatternPlayer_SetIsMuted(player, true)
        #expect(CoreHaptics_CHHapticPatternPlayer_GetIsMuted(player))
        CoreHaptics_CHHapticPatternPlayer_SetIsMuted(player, false)
        CoreHaptics_CHHapticPatternPlayer_Start(player, 0, Callbacks.error)

        var good = [CHWDynamicParameter(parameterID: 0, relativeTime: 0, value: 0.5)]
        good.withUnsafeMutableBufferPointer { buffer in
            let request = CHWSendParametersRequest(parameters: buffer.baseAddress, parametersLength: 1, atTime: 0)
            CoreHaptics_CHHapticPatternPlayer_SendParameters(player, request, Callbacks.error)
        }
        var points = [CHWHapticParameterCurveControlPoint(relativeTime: 0, value: 1), .init(relativeTime: 0.1, value: 0.2)]
        points.withUnsafeMutableBufferPointer { buffer in
            let curve = CHWHapticParameterCurve(parameterId: 0, relativeTime: 0, points: buffer.baseAddress, pointsLength: 2)
            CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(player, curve, 0, Callbacks.error)
        }
        #expect(Self.errors(for: player).isEmpty, "\(CallbackLog.shared.errors)")

        // Bad requests: nothing is read through a NULL array, unknown indexes and non-numbers are refused.
        var bad = [CHWDynamicParameter(parameterID: 12, relativeTime: 0, value: 0.5), .init(parameterID: 0, relativeTime: 0, value: .nan)]
        bad.withUnsafeMutableBufferPointer { buffer in
            CoreHaptics_CHHapticPatternPlayer_SendParameters(
                player, .init(parameters: buffer.baseAddress, parametersLength: 1, atTime: 0), Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_SendParameters(
                player, .init(parameters: buffer.baseAddress! + 1, parametersLength: 1, atTime: 0), Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_SendParameters(
                player, .init(parameters: buffer.baseAddress, parametersLength: -3, atTime: 0), Callbacks.error)
            CoreHaptics_CHHapticPatternPlayer_SendParameters(
                player, .init(parameters: buffer.baseAddress, parametersLength: 1, atTime: .infinity), Callbacks.error)
        }
        CoreHaptics_CHHapticPatternPlayer_SendParameters(player, .init(parameters: nil, parametersLength: 5, atTime: 0), Callbacks.error)
        CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(
            player, CHWHapticParameterCurve(parameterId: 0, relativeTime: 0, points: nil, pointsLength: .max), 0, Callbacks.error)
        CoreHaptics_CHHapticPatternPlayer_Start(player, .nan, Callbacks.error)
        let codes = Self.errors(for: player).map(\.code)
        let (parameterType, badEntry, invalidTime) = (Int32(-4820), Int32(-4831), Int32(-4840))
        #expect(
            Array(codes.prefix(6)) == [parameterType, badEntry, badEntry, invalidTime, badEntry, badEntry], "\(Self.errors(for: player))")
        #expect(codes.count == 7 && codes[6] < -4800, "a start time that is not a number is an error: \(codes)")

        CoreHaptics_CHHapticPatternPlayer_Stop(player, 0, Callbacks.error)
        CoreHaptics_CHHapticPatternPlayer_Destroy(player)
        CoreHaptics_CHHapticPatternPlayer_Start(player, 0, Callbacks.error)
        #expect(Self.errors(for: player).last?.code == -1)
    }

    @Test func anAdvancedPlayerLoopsPausesSeeksAndCallsItsCompletionHandler() throws {
        let engine = try Self.startedEngine()
        defer { CoreHaptics_CHHapticEngine_Destroy(engine) }
        let player = try #require(
            CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, Texts.transient, Callbacks.finished, Callbacks.error))
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(player, true)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnabled(player))
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(player, 0.25)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(player, -1)  // refused: keeps 0.25
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(player, .nan)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetLoopEnd(player) == 0.25)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, 2)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, 0)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(player, .infinity)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetPlaybackRate(player) == 2)
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted(player, true)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted(player))
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetIsMuted(player, false)

        CoreHaptics_CHHapticAdvancedPatternPlayer_Start(player, 0, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(player, 0, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(player, 0.1, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Resume(player, 0, Callbacks.error)
        withUnsafeTemporaryAllocation(of: CHWDynamicParameter.self, capacity: 1) { buffer in
            buffer[0] = CHWDynamicParameter(parameterID: 1, relativeTime: 0, value: -0.5)
            let request = CHWSendParametersRequest(parameters: buffer.baseAddress, parametersLength: 1, atTime: 0)
            CoreHaptics_CHHapticAdvancedPatternPlayer_SendParameters(player, request, Callbacks.error)
        }
        #expect(Self.errors(for: player).isEmpty, "\(CallbackLog.shared.errors)")
        // A looping player plays until stopped; stopping it completes it.
        CoreHaptics_CHHapticAdvancedPatternPlayer_Stop(player, 0, Callbacks.error)
        #expect(CallbackLog.shared.waitForSignal(), "the completion handler was called")
        #expect(CallbackLog.shared.finished == [UInt(bitPattern: player)])

        // A replaced handler is the one called; a NULL one silences it.
        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(player, false)
        CoreHaptics_CHHapticAdvancedPatternPlayer_RegisterCompletionHandler(player, Callbacks.finished, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Start(player, 0, Callbacks.error)
        #expect(CallbackLog.shared.waitForSignal(), "the pattern ends by itself and completes")
        #expect(CallbackLog.shared.finished.count == 2)
        #expect(CallbackLog.shared.blockedGCSignals == 0, "completions run on a thread a managed runtime can stop")

        // Pattern-player calls take an advanced player; advanced calls refuse a pattern player.
        let plain = try #require(CoreHaptics_CHHapticEngine_MakePlayer(engine, Texts.transient, Callbacks.error))
        CoreHaptics_CHHapticPatternPlayer_SetIsMuted(player, true)
        #expect(CoreHaptics_CHHapticAdvancedPatternPlayer_GetIsMuted(player))
        CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(plain, 0, Callbacks.error)
        #expect(Self.errors(for: plain).map(\.code) == [-1])
        CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(plain)  // refused: still live
        CoreHaptics_CHHapticPatternPlayer_Start(plain, 0, Callbacks.error)
        #expect(Self.errors(for: plain).count == 1)

        CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(player, true)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Start(player, 0, Callbacks.error)
        CoreHaptics_CHHapticAdvancedPatternPlayer_Destroy(player)
        #expect(!CallbackLog.shared.waitForSignal(seconds: 0.3), "a destroyed player's completion is not called")
        #expect(CallbackLog.shared.finished.count == 2)
    }
}

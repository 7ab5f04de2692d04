// libFuzzer harness: untrusted call sequences through the C ABI (libCoreHapticsWrapper, Apple's Unity plug-in's entry
// points). Each input is a little program: every step picks an entry point and its arguments from the bytes — live,
// destroyed, forged and null handles; times and values including NaN, infinities and huge numbers; AHAP text cut from
// the input; parameter arrays of any length, or NULL with a length. Invariants: no call crashes; every error reaches
// its callback with a code that is -1 (a handle that is not live) or a Core Haptics code (-4899…-4800) and a
// non-empty message; a handle destroyed in this input is refused afterwards. The engine plays on the null device.

import CCoreHapticsWrapper
import Glibc

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzCABI invariant: \(message())") }
}

nonisolated(unsafe) private var errorCount = 0
nonisolated(unsafe) private let onError: CHWErrorWithPointerCallback = { _, error in
    let message = error.localizedDescription.map { String(cString: $0) } ?? ""
    require(error.code == -1 || (-4899 ... -4800).contains(error.code), "code \(error.code): \(message)")
    require(!message.isEmpty, "an error without a message (code \(error.code))")
    errorCount += 1
}

/// Reads the input front to back; past its end every read is 0.
private struct Bytes {
    var rest: UnsafeBufferPointer<UInt8>
    mutating func byte() -> UInt8 {
        guard let first = rest.first else { return 0 }
        rest = UnsafeBufferPointer(rebasing: rest.dropFirst())
        return first
    }
    mutating func int32() -> Int32 { Int32(bitPattern: UInt32(byte()) | UInt32(byte()) << 8 | UInt32(byte()) << 16 | UInt32(byte()) << 24) }
    mutating func float() -> Float {
        switch byte() % 8 {
        case 0: return 0
        case 1: return .nan
        case 2: return .infinity
        case 3: return -.infinity
        case 4: return Float(bitPattern: UInt32(bitPattern: int32()))
        default: return Float(byte()) / 64 - 1
        }
    }
    /// Up to `limit` bytes of text, NUL-terminated.
    mutating func text(limit: Int) -> [CChar] {
        let count = min(Int(byte()) * 4, limit, rest.count)
        var characters = rest.prefix(count).map { CChar(bitPattern: $0 == 0 ? 0x20 : $0) }
        rest = UnsafeBufferPointer(rebasing: rest.dropFirst(count))
        characters.append(0)
        return characters
    }
}

private let patterns = [
    #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#,
    #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": []}}]}"#,
]

nonisolated(unsafe) private var engine: UnsafeMutableRawPointer?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCABI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    setenv("HAPTIC_DEVICE", "null", 1)
    if engine == nil {
        engine = CoreHaptics_CHHapticEngine_Create(nil, nil, nil)
        CoreHaptics_CHHapticEngine_Start(engine, onError)
    }
    var input = Bytes(rest: UnsafeBufferPointer(start: data, count: size))
    var live: [UnsafeMutableRawPointer] = []
    var dead: [UnsafeRawPointer] = []
    func handle(_ input: inout Bytes) -> UnsafeRawPointer? {
        let choice = Int(input.byte())
        switch choice % 5 {
        case 0: return nil
        case 1: return dead.isEmpty ? nil : dead[choice % dead.count]
        case 2: return UnsafeRawPointer(bitPattern: UInt(UInt32(bitPattern: input.int32())) << 16 | 1)
        case 3: return UnsafeRawPointer(engine)
        default: return live.isEmpty ? UnsafeRawPointer(engine) : UnsafeRawPointer(live[choice % live.count])
        }
    }
    for _ in 0..<64 where !input.rest.isEmpty {
        let target = handle(&input)
        switch input.byte() % 16 {
        case 0:
            var text = input.byte() % 2 == 0 ? Array(patterns[0].utf8CString) : input.text(limit: 2_048)
            if let player = CoreHaptics_CHHapticEngine_MakePlayer(engine, &text, onError) { live.append(player) }
        case 1:
            if let player = CoreHaptics_CHHapticEngine_MakeAdvancedPlayer(engine, patterns[1], nil, onError) { live.append(player) }
        case 2: CoreHaptics_CHHapticPatternPlayer_Start(target, input.float(), onError)
        case 3: CoreHaptics_CHHapticAdvancedPatternPlayer_Stop(target, input.float(), onError)
        case 4:
            let count = Int(input.byte() % 8)
            var parameters = (0..<count).map { _ in
                CHWDynamicParameter(parameterID: input.int32() % 16, relativeTime: input.float(), value: input.float())
            }
            parameters.withUnsafeMutableBufferPointer { buffer in
                let length = input.byte() % 4 == 0 ? input.int32() : Int32(count)
                let pointer = length == Int32(count) ? buffer.baseAddress : nil
                CoreHaptics_CHHapticPatternPlayer_SendParameters(
                    target, .init(parameters: pointer, parametersLength: length, atTime: input.float()), onError)
            }
        case 5:
            var points = (0..<Int(input.byte() % 8)).map { _ in
                CHWHapticParameterCurveControlPoint(relativeTime: input.float(), value: input.float())
            }
            points.withUnsafeMutableBufferPointer { buffer in
                let curve = CHWHapticParameterCurve(
                    parameterId: input.int32() % 16, relativeTime: Double(input.float()), points: buffer.baseAddress,
                    pointsLength: Int32(buffer.count))
                CoreHaptics_CHHapticPatternPlayer_ScheduleParameterCurve(target, curve, input.float(), onError)
            }
        case 6: CoreHaptics_CHHapticAdvancedPatternPlayer_Pause(target, input.float(), onError)
        case 7: CoreHaptics_CHHapticAdvancedPatternPlayer_Seek(target, input.float(), onError)
        case 8: CoreHaptics_CHHapticAdvancedPatternPlayer_SetPlaybackRate(target, input.float())
        case 9: CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnd(target, Double(input.float()))
        case 10: CoreHaptics_CHHapticAdvancedPatternPlayer_SetLoopEnabled(target, input.byte() % 2 == 0)
        case 11:
            guard let target, target != UnsafeRawPointer(engine) else { break }
            CoreHaptics_CHHapticPatternPlayer_Destroy(target)
            live.removeAll { UnsafeRawPointer($0) == target }
            dead.append(target)
            let before = errorCount
            CoreHaptics_CHHapticPatternPlayer_Start(target, 0, onError)
            require(errorCount == before + 1, "a destroyed handle was not refused")
        case 12:
            var text = input.text(limit: 4_096)
            CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine, &text, onError)
        case 13: _ = CoreHaptics_Capabilities_MaxValueForEventParameter(input.int32(), input.int32())
        case 14:
            let generator = UIFeedbackGenerator_CreateImpactGenerator(input.int32())
            UIImpactFeedbackGenerator_Trigger(generator, input.float())
            UIImpactFeedbackGenerator_Trigger(target, input.float())
            UIFeedbackGenerator_DestroyImpactGenerator(generator)
        default: CoreHaptics_CHHapticAdvancedPatternPlayer_Resume(target, input.float(), onError)
        }
    }
    for player in live { CoreHaptics_CHHapticPatternPlayer_Destroy(player) }
    return 0
}

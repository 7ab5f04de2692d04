import CCoreHapticsWrapper
import OpenHapticFeedback

// UIKit's feedback generators through the C ABI (CoreHapticsWrapper.h), with the plug-in's own enum values (its
// UIImpactType is heavy 0, light 1, medium 2, rigid 3, soft 4; its UINotificationStyle is error 0, success 1,
// warning 2 — not UIKit's raw values). These calls have no error callback: a handle that is not live is logged and
// ignored.

/// Creates an impact generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_CreateImpactGenerator")
public func UIFeedbackGenerator_CreateImpactGenerator(_ feedbackStyle: Int32) -> UnsafeMutableRawPointer? {
    LogRouting.installIfUnconfigured()  // before the generator's engine makes its loggers
    let styles: [UIImpactFeedbackGenerator.FeedbackStyle] = [.heavy, .light, .medium, .rigid, .soft]
    let style = styles.indices.contains(Int(feedbackStyle)) ? styles[Int(feedbackStyle)] : .heavy
    if style == .heavy, feedbackStyle != 0 {
        WrapperLog.refused(
            "feedbackStyle \(feedbackStyle)", in: #function, because: "not 0…4; a heavy generator is made, as Apple's wrapper does")
    }
    return HandleTable.shared.insert(UIImpactFeedbackGenerator(style: style), kind: .impactGenerator)
}

/// Creates a selection generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_CreateSelectionGenerator")
public func UIFeedbackGenerator_CreateSelectionGenerator() -> UnsafeMutableRawPointer? {
    LogRouting.installIfUnconfigured()
    return HandleTable.shared.insert(UISelectionFeedbackGenerator(), kind: .selectionGenerator)
}

/// Creates a notification generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_CreateNotificationGenerator")
public func UIFeedbackGenerator_CreateNotificationGenerator() -> UnsafeMutableRawPointer? {
    LogRouting.installIfUnconfigured()
    return HandleTable.shared.insert(UINotificationFeedbackGenerator(), kind: .notificationGenerator)
}

/// Releases an impact generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_DestroyImpactGenerator")
public func UIFeedbackGenerator_DestroyImpactGenerator(_ generatorPtr: UnsafeRawPointer?) {
    if HandleTable.shared.remove(generatorPtr, kind: .impactGenerator) == nil {
        WrapperLog.ignored(generatorPtr, expected: "impact generator", in: #function)
    }
}

/// Releases a selection generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_DestroySelectionGenerator")
public func UIFeedbackGenerator_DestroySelectionGenerator(_ generatorPtr: UnsafeRawPointer?) {
    if HandleTable.shared.remove(generatorPtr, kind: .selectionGenerator) == nil {
        WrapperLog.ignored(generatorPtr, expected: "selection generator", in: #function)
    }
}

/// Releases a notification generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_DestroyNotificationGenerator")
public func UIFeedbackGenerator_DestroyNotificationGenerator(_ generatorPtr: UnsafeRawPointer?) {
    if HandleTable.shared.remove(generatorPtr, kind: .notificationGenerator) == nil {
        WrapperLog.ignored(generatorPtr, expected: "notification generator", in: #function)
    }
}

/// Prepares any generator; see CoreHapticsWrapper.h.
@_cdecl("UIFeedbackGenerator_Prepare")
public func UIFeedbackGenerator_Prepare(_ generatorPtr: UnsafeRawPointer?) {
    let kinds: [HandleKind] = [.impactGenerator, .selectionGenerator, .notificationGenerator]
    guard let generator = kinds.lazy.compactMap({ HandleTable.shared.object(generatorPtr, kind: $0) as? UIFeedbackGenerator }).first
    else { return WrapperLog.ignored(generatorPtr, expected: "feedback generator", in: #function) }
    generator.prepare()
}

/// Plays an impact; see CoreHapticsWrapper.h.
@_cdecl("UIImpactFeedbackGenerator_Trigger")
public func UIImpactFeedbackGenerator_Trigger(_ generatorPtr: UnsafeRawPointer?, _ intensity: Float) {
    guard let generator = HandleTable.shared.object(generatorPtr, kind: .impactGenerator) as? UIImpactFeedbackGenerator else {
        return WrapperLog.ignored(generatorPtr, expected: "impact generator", in: #function)
    }
    generator.impactOccurred(intensity: CGFloat(intensity))
}

/// Plays a selection change; see CoreHapticsWrapper.h.
@_cdecl("UISelectionFeedbackGenerator_Trigger")
public func UISelectionFeedbackGenerator_Trigger(_ generatorPtr: UnsafeRawPointer?) {
    guard let generator = HandleTable.shared.object(generatorPtr, kind: .selectionGenerator) as? UISelectionFeedbackGenerator else {
        return WrapperLog.ignored(generatorPtr, expected: "selection generator", in: #function)
    }
    generator.selectionChanged()
}

/// Plays a notification; see CoreHapticsWrapper.h.
@_cdecl("UINotificationFeedbackGenerator_Trigger")
public func UINotificationFeedbackGenerator_Trigger(_ generatorPtr: UnsafeRawPointer?, _ feedbackType: Int32) {
    guard let generator = HandleTable.shared.object(generatorPtr, kind: .notificationGenerator) as? UINotificationFeedbackGenerator else {
        return WrapperLog.ignored(generatorPtr, expected: "notification generator", in: #function)
    }
    let types: [UINotificationFeedbackGenerator.FeedbackType] = [.error, .success, .warning]
    guard types.indices.contains(Int(feedbackType)) else {
        WrapperLog.refused("feedbackType \(feedbackType)", in: #function, because: "not 0…2; success plays, as Apple's wrapper does")
        return generator.notificationOccurred(.success)
    }
    generator.notificationOccurred(types[Int(feedbackType)])
}

// What of Apple's feedback surface (UIKit, WatchKit, AppKit, SwiftUI; the 26 SDKs) OpenHapticFeedback does not
// provide.
//
// This file declares nothing; it is the checklist (after OpenCombine's RemainingCombineInterface.swift). Remove a
// line when its symbol lands, and keep the names exactly as Apple spells them (Apple's UIKit, WatchKit, AppKit and
// SwiftUI reference documentation; issue 24's audit of the 26 SDKs cites the source of each).
//
// Done: UIFeedbackGenerator (open; init(), prepare()), UIImpactFeedbackGenerator (open; + FeedbackStyle 0–4,
//   init(style:), init(), impactOccurred(), impactOccurred(intensity:), impactOccurred(at:),
//   impactOccurred(intensity:at:)), UISelectionFeedbackGenerator (open; selectionChanged(), selectionChanged(at:)),
//   UINotificationFeedbackGenerator (open; + FeedbackType 0–2, notificationOccurred(_:), notificationOccurred(_:at:)),
//   UICanvasFeedbackGenerator (open; alignmentOccurred(at:), pathCompleted(at:)), WKHapticType (0–13),
//   WKInterfaceDevice (current(), play(_:)), NSHapticFeedbackManager (defaultPerformer, + FeedbackPattern 0–2,
//   PerformanceTime: UInt 0–2), NSHapticFeedbackPerformer (perform(_:performanceTime:)), SensoryFeedback (15 values
//   and factories, + Weight, Flexibility; SwiftUI 26: press(_:), release(_:), selection(_:), + PressFeedback,
//   ReleaseFeedback, SelectionFeedback); the .sensoryFeedback shapes as SensoryFeedbackTrigger/ObservedSensoryFeedback.
//
// Not provided (no UIView, NSView or SwiftUI View here):
//   UIFeedbackGenerator.init(view:)                                    // iOS 17.5
//   UIImpactFeedbackGenerator.init(style:view:)                        // iOS 17.5
//   NSAlignmentFeedbackFilter, NSAlignmentFeedbackToken                // macOS; needs NSEvent/NSView
//   View.sensoryFeedback(_:trigger:) and its overloads                  // SwiftUI only; see SensoryFeedbackTrigger
//
// Different on purpose (documented in DifferencesFromApple.md): not @MainActor.
//
// WKInterfaceDevice's non-haptic members (screenBounds, batteryLevel, …) are out of scope.

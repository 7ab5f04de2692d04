// What of Apple's feedback surface (UIKit, WatchKit, AppKit, SwiftUI) OpenHapticFeedback does not provide.
//
// This file declares nothing; it is the checklist (after OpenCombine's RemainingCombineInterface.swift). Remove a
// line when its symbol lands, and keep the names exactly as Apple spells them (Apple's UIKit, WatchKit, AppKit and SwiftUI reference documentation).
//
// Done: UIFeedbackGenerator (prepare), UIImpactFeedbackGenerator (+ FeedbackStyle 0–4, init(style:), init(),
//   impactOccurred(), impactOccurred(intensity:)), UISelectionFeedbackGenerator (selectionChanged()),
//   UINotificationFeedbackGenerator (+ FeedbackType 0–2, notificationOccurred(_:)), WKHapticType (0–8),
//   WKInterfaceDevice (current(), play(_:)), NSHapticFeedbackManager (defaultPerformer, + FeedbackPattern 0–2,
//   PerformanceTime 0–2), NSHapticFeedbackPerformer (perform(_:performanceTime:)), SensoryFeedback (15 values and
//   factories, + Weight, Flexibility); the .sensoryFeedback shapes as SensoryFeedbackTrigger/ObservedSensoryFeedback.
//
// Not provided (no UIView, NSView or SwiftUI View here):
//   UIFeedbackGenerator.init(view:)                                    // iOS 17.5
//   UIImpactFeedbackGenerator.init(style:view:)                        // iOS 17.5
//   UIImpactFeedbackGenerator.impactOccurred(at: CGPoint)              // iOS 17.5
//   UIImpactFeedbackGenerator.impactOccurred(intensity:at:)            // iOS 17.5
//   UISelectionFeedbackGenerator.selectionChanged(at:)                 // iOS 17.5 (unverified)
//   UINotificationFeedbackGenerator.notificationOccurred(_:at:)        // iOS 17.5 (unverified)
//   class UICanvasFeedbackGenerator { alignmentOccurred(at:), pathCompleted(at:) }   // iOS 17.5
//   NSAlignmentFeedbackFilter                                          // macOS; needs NSEvent
//   View.sensoryFeedback(_:trigger:) and its overloads                  // SwiftUI only; see SensoryFeedbackTrigger
//
// Not provided (raw values undocumented):
//   WKHapticType.navigationGenericManeuver, .navigationLeftTurn, .navigationRightTurn    // watchOS 7
//   WKHapticType.underwaterDepthPrompt, .underwaterDepthCriticalPrompt                   // watchOS 9
//   SensoryFeedback.SelectionFeedback (.on, .off, .maximum, .minimum)                    // visionOS 26
//
// WKInterfaceDevice's non-haptic members (screenBounds, batteryLevel, …) are out of scope.

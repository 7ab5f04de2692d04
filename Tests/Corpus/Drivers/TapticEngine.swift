// Driver for TapticEngine (a Swift 4 library): an impact, a selection and a notification.
TapticEngine.impact.feedback(.heavy)
TapticEngine.selection.feedback()
TapticEngine.notification.feedback(.success)
CorpusRecording.finishWhenHeard()

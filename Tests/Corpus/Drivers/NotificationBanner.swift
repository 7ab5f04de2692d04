// Driver for NotificationBanner's haptic generator: a banner shown with a heavy haptic.
BannerHapticGenerator.generate(.heavy)
CorpusRecording.finishWhenHeard()

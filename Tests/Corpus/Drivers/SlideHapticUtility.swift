// Driver for Slide's HapticUtility: a completed action on a device whose Taptic Engine reports feedback level 2.
HapticUtility.hapticActionComplete()
CorpusRecording.finishWhenHeard()

// Driver for AlertKit's AlertHaptic: a success alert.
AlertHaptic.success.impact()
CorpusRecording.finishWhenHeard()

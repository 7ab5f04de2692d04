// Driver for SwipeCellKit's SwipeFeedback: a swipe that crosses its threshold.
let feedback = SwipeFeedback(style: .heavy)
feedback.prepare()
feedback.impactOccurred()
CorpusRecording.finishWhenHeard()

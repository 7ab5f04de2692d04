// Driver for Slide's watch Votable: an upvote the phone accepts plays `.success` on the watch.
let votable = Votable()
votable.doVote(id: "t3_corpus", upvote: true, downvote: false)
CorpusRecording.finishWhenHeard()

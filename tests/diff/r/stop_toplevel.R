print("before")
stop("top-level failure")

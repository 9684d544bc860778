// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// What a ``Succession`` is to be, one choice per way Combine's one-upstream-after-another
    /// operators differ: each operator picks its own when it makes its subscription.
    extension Succession {
        /// Where the demand goes that a value's delivery returns.
        enum ReturnedDemand {
            /// Back to the stage that sent the value.
            case toSender
            /// Asked of the current stage, the sender getting `.none` (`retry`, as Combine's).
            case askedOfStage
        }

        /// What becomes of a value the subscriber has not asked for, or that comes from a stage
        /// before its subscription.
        enum Unasked {
            case delivered
            /// Dropped, its sender getting `.none` (`append`, as Combine's).
            case dropped
            /// Stops the program, the upstream having broken its contract (`catch`, `retry`, as
            /// Combine's).
            case trapped
        }

        /// What the subscription does with what a broken stage sends after the stream's end (a
        /// completion, or the subscriber's cancel), as its Combine counterpart does.
        enum AfterEnd {
            /// Nothing reaches the subscriber.
            case ignored
            /// A value from any stage still reaches the subscriber, asked for or not, returning
            /// its demand; completions are ignored. A cancel while a later stage's subscription is
            /// awaited is lost: the stage is asked for what is owed when its subscription comes,
            /// and its events go on (`catch`, as Combine's).
            case valuesDelivered
        }

        /// What a stage's completion before its subscription is.
        enum EarlyCompletion {
            /// Nothing: the stage goes on waiting (`catch`, `append`, as Combine's).
            case ignored
            /// The stage's completion, as after its subscription: a finish reaches the
            /// subscriber, which has been handed nothing (`retry`, as Combine's).
            case counted
        }

        /// What a mirror of the subscription, or of a stage's subscriber, shows.
        enum Reflection {
            /// Nothing: the operator's name only.
            case name
            /// The subscriber and what it is still owed (`catch`, as Combine's).
            case downstreamAndDemand
        }
    }
#endif

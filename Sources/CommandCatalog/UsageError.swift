import Primitives

/// A command-line mistake (exit code 2).
package struct UsageError: ClassifiedError {
    package var kind: FailureKind { .usage }
    /// The line printed: the message and where the command's options are explained.
    package var failureLine: String { "\(message) (see ipraster \(command) --help)" }
    package let message: String
    package var command: String = "render"
    package var description: String { message }

    package init(message: String, command: String = "render") {
        self.message = message
        self.command = command
    }
}

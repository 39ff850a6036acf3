/// A request's failure inside the GATT server, which the dispatcher turns into an Error Response.
struct AttributeError: Error, Hashable, Sendable {
    let code: ATTErrorCode
    let handle: AttributeHandle

    init(_ code: ATTErrorCode, _ handle: AttributeHandle) {
        self.code = code
        self.handle = handle
    }
}

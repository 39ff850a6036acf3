/// A delegate callback's object on its way to the one caller awaiting it, who becomes its only owner.
///
/// `@unchecked Sendable`: CoreBluetooth keeps no reference to an object it hands over this way (an opened
/// `CBL2CAPChannel`) and neither does the delegate, so the object changes hands rather than being shared; the
/// region checker cannot see that through a delegate method's parameter.
struct HandedOver<Value>: @unchecked Sendable {
    /// The object handed over.
    let value: Value
}

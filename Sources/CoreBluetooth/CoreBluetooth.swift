/// Apps that write only `import CoreBluetooth` use `Data`, `UUID` and `DispatchQueue` as they do on Apple platforms,
/// where the CoreBluetooth module brings Foundation with it.
@_exported import Foundation

// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "CoreBluetoothLinux",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CoreBluetooth", targets: ["CoreBluetooth"]),
        .library(name: "CoreBluetoothAsync", targets: ["CoreBluetoothAsync"]),
        .library(name: "CoreBluetoothTesting", targets: ["CoreBluetoothTesting"]),
        .library(name: "Host", targets: ["Host"]),
        .library(name: "HCI", targets: ["HCI"]),
        .library(name: "VirtualRadio", targets: ["VirtualRadio"]),
        .executable(name: "bluetooth", targets: ["bluetooth"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(name: "CEpoll"),
        .target(name: "HCI", dependencies: ["CEpoll"]),
        .target(
            name: "Host",
            dependencies: [
                "HCI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "VirtualRadio",
            dependencies: [
                "HCI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(name: "CDBus", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "BlueZ", dependencies: ["CDBus"]),
        .target(
            name: "CoreBluetooth",
            dependencies: ["Host", "HCI", "VirtualRadio", "BlueZ", .product(name: "Logging", package: "swift-log")]),
        .target(name: "CoreBluetoothAsync", dependencies: ["CoreBluetooth"]),
        .target(name: "CoreBluetoothTesting", dependencies: ["CoreBluetooth", "HCI", "VirtualRadio"]),
        .target(name: "GATTFileFormat", dependencies: ["CoreBluetooth", "Host", "HCI", "VirtualRadio"]),
        .executableTarget(
            name: "bluetooth",
            dependencies: [
                "CoreBluetooth", "Host", "HCI", "VirtualRadio", "GATTFileFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "HeartRateExample", dependencies: ["CoreBluetooth"], path: "Examples/HeartRate"),
        .executableTarget(name: "FirstApp", dependencies: ["CoreBluetooth"], path: "Examples/FirstApp"),
        .target(name: "Blinky", dependencies: ["CoreBluetooth"], path: "Examples/Blinky/Sources"),
        .testTarget(
            name: "BlinkyTests", dependencies: ["Blinky", "CoreBluetoothTesting", "CoreBluetooth"],
            path: "Examples/Blinky/Tests"),
        .testTarget(name: "HCITests", dependencies: ["HCI"]),
        .target(name: "HostTestSupport", dependencies: ["Host", "HCI"], path: "Tests/HostTestSupport"),
        .testTarget(name: "HostTests", dependencies: ["Host", "HCI", "VirtualRadio", "HostTestSupport"]),
        .testTarget(name: "VirtualRadioTests", dependencies: ["VirtualRadio", "HCI"]),
        .testTarget(
            name: "CoreBluetoothTests",
            dependencies: ["CoreBluetooth", "Host", "HCI", "VirtualRadio", "HostTestSupport"]),
        .testTarget(name: "BlueZTests", dependencies: ["BlueZ", "CDBus"]),
        .testTarget(name: "CoreBluetoothAsyncTests", dependencies: ["CoreBluetoothAsync", "CoreBluetooth"]),
        .testTarget(name: "CoreBluetoothTestingTests", dependencies: ["CoreBluetoothTesting", "CoreBluetooth", "HCI"]),
        .testTarget(
            name: "bluetoothTests",
            dependencies: [
                "bluetooth", "GATTFileFormat", "HeartRateExample", "FirstApp", "HCI", "Host", "HostTestSupport",
            ]),
        .testTarget(
            name: "InteropTests", dependencies: ["CoreBluetooth", "Host", "HCI", "VirtualRadio", "HostTestSupport"],
            exclude: ["bumble"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzzing build only (`.ci/fuzz` sets BLUETOOTH_FUZZ): the `fuzz` executable (Fuzz/, libFuzzer's entry points) is
// added. Other builds never see it.
if Context.environment["BLUETOOTH_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "fuzz", dependencies: ["HCI", "Host", "CoreBluetooth", "GATTFileFormat"], path: "Fuzz",
            exclude: ["Corpus", "make-seeds.py"]))
}

import CoreBluetooth
import Host

/// Names of well-known service, characteristic and descriptor UUIDs from the Bluetooth SIG assigned numbers,
/// for explore's tree.
///
/// The SIG's names come first; a UUID the table lacks falls back to the name CoreBluetooth's `CBUUID.description`
/// gives (Apple's table, which also names Apple's own 128-bit services).
///
/// Bluetooth Assigned Numbers 3.4 (services), 3.7 (descriptors), 3.8 (characteristics).
enum AssignedNumbers {
    /// The name of a UUID given as CBUUID prints it, or nil when neither table knows it.
    static func name(of uuidString: String) -> String? {
        let key = uuidString.uppercased()
        if let name = services[key] ?? characteristics[key] ?? descriptors[key] {
            return name
        }
        guard let uuid = BluetoothUUID(string: key).map(CBUUID.init) else { return nil }
        let apple = uuid.description
        return apple == uuid.uuidString ? nil : apple
    }

    /// Service names by 16-bit UUID.
    static let services: [String: String] = [
        "1800": "Generic Access", "1801": "Generic Attribute", "1802": "Immediate Alert", "1803": "Link Loss",
        "1804": "Tx Power", "1805": "Current Time", "1806": "Reference Time Update", "1807": "Next DST Change",
        "1808": "Glucose", "1809": "Health Thermometer", "180A": "Device Information", "180D": "Heart Rate",
        "180E": "Phone Alert Status", "180F": "Battery", "1810": "Blood Pressure", "1811": "Alert Notification",
        "1812": "Human Interface Device", "1813": "Scan Parameters", "1814": "Running Speed and Cadence",
        "1815": "Automation IO", "1816": "Cycling Speed and Cadence", "1818": "Cycling Power",
        "1819": "Location and Navigation", "181A": "Environmental Sensing", "181B": "Body Composition",
        "181C": "User Data", "181D": "Weight Scale", "181E": "Bond Management",
        "181F": "Continuous Glucose Monitoring", "1820": "Internet Protocol Support", "1821": "Indoor Positioning",
        "1822": "Pulse Oximeter", "1823": "HTTP Proxy", "1824": "Transport Discovery", "1825": "Object Transfer",
        "1826": "Fitness Machine", "1827": "Mesh Provisioning", "1828": "Mesh Proxy",
        "1829": "Reconnection Configuration", "183A": "Insulin Delivery", "183B": "Binary Sensor",
        "183C": "Emergency Configuration", "183E": "Physical Activity Monitor",
    ]

    /// Characteristic names by 16-bit UUID.
    static let characteristics: [String: String] = [
        "2A00": "Device Name", "2A01": "Appearance", "2A02": "Peripheral Privacy Flag",
        "2A03": "Reconnection Address", "2A04": "Peripheral Preferred Connection Parameters",
        "2A05": "Service Changed", "2A06": "Alert Level", "2A07": "Tx Power Level", "2A08": "Date Time",
        "2A09": "Day of Week", "2A0A": "Day Date Time", "2A0C": "Exact Time 256", "2A0D": "DST Offset",
        "2A0E": "Time Zone", "2A0F": "Local Time Information", "2A11": "Time with DST", "2A12": "Time Accuracy",
        "2A13": "Time Source", "2A14": "Reference Time Information", "2A16": "Time Update Control Point",
        "2A17": "Time Update State", "2A18": "Glucose Measurement", "2A19": "Battery Level",
        "2A1C": "Temperature Measurement", "2A1D": "Temperature Type", "2A1E": "Intermediate Temperature",
        "2A21": "Measurement Interval", "2A22": "Boot Keyboard Input Report", "2A23": "System ID",
        "2A24": "Model Number String", "2A25": "Serial Number String", "2A26": "Firmware Revision String",
        "2A27": "Hardware Revision String", "2A28": "Software Revision String", "2A29": "Manufacturer Name String",
        "2A2A": "IEEE 11073-20601 Regulatory Certification Data List", "2A2B": "Current Time",
        "2A31": "Scan Refresh", "2A32": "Boot Keyboard Output Report", "2A33": "Boot Mouse Input Report",
        "2A34": "Glucose Measurement Context", "2A35": "Blood Pressure Measurement",
        "2A36": "Intermediate Cuff Pressure", "2A37": "Heart Rate Measurement", "2A38": "Body Sensor Location",
        "2A39": "Heart Rate Control Point", "2A3F": "Alert Status", "2A40": "Ringer Control Point",
        "2A41": "Ringer Setting", "2A42": "Alert Category ID Bit Mask", "2A43": "Alert Category ID",
        "2A44": "Alert Notification Control Point", "2A45": "Unread Alert Status", "2A46": "New Alert",
        "2A47": "Supported New Alert Category", "2A48": "Supported Unread Alert Category",
        "2A49": "Blood Pressure Feature", "2A4A": "HID Information", "2A4B": "Report Map",
        "2A4C": "HID Control Point", "2A4D": "Report", "2A4E": "Protocol Mode", "2A4F": "Scan Interval Window",
        "2A50": "PnP ID", "2A51": "Glucose Feature", "2A52": "Record Access Control Point",
        "2A53": "RSC Measurement", "2A54": "RSC Feature", "2A55": "SC Control Point", "2A5B": "CSC Measurement",
        "2A5C": "CSC Feature", "2A5D": "Sensor Location", "2A63": "Cycling Power Measurement",
        "2A64": "Cycling Power Vector", "2A65": "Cycling Power Feature", "2A66": "Cycling Power Control Point",
        "2A67": "Location and Speed", "2A68": "Navigation", "2A6C": "Elevation", "2A6D": "Pressure",
        "2A6E": "Temperature", "2A6F": "Humidity", "2A70": "True Wind Speed", "2A71": "True Wind Direction",
        "2A72": "Apparent Wind Speed", "2A73": "Apparent Wind Direction", "2A76": "UV Index", "2A77": "Irradiance",
        "2A7B": "Dew Point", "2A87": "Email Address", "2A8A": "First Name", "2A90": "Last Name",
        "2A9B": "Body Composition Feature", "2A9C": "Body Composition Measurement", "2A9D": "Weight Measurement",
        "2A9E": "Weight Scale Feature", "2AA6": "Central Address Resolution", "2AA7": "CGM Measurement",
        "2AC9": "Resolvable Private Address Only", "2ACC": "Fitness Machine Feature", "2AD2": "Indoor Bike Data",
        "2B29": "Client Supported Features", "2B2A": "Database Hash", "2B3A": "Server Supported Features",
    ]

    /// Descriptor names by 16-bit UUID: every 0x29xx descriptor.
    static let descriptors: [String: String] = [
        "2900": "Characteristic Extended Properties", "2901": "Characteristic User Description",
        "2902": "Client Characteristic Configuration", "2903": "Server Characteristic Configuration",
        "2904": "Characteristic Presentation Format", "2905": "Characteristic Aggregate Format",
        "2906": "Valid Range", "2907": "External Report Reference", "2908": "Report Reference",
        "2909": "Number of Digitals", "290A": "Value Trigger Setting", "290B": "Environmental Sensing Configuration",
        "290C": "Environmental Sensing Measurement", "290D": "Environmental Sensing Trigger Setting",
        "290E": "Time Trigger Setting", "290F": "Complete BR-EDR Transport Block Data",
        "2910": "Observation Schedule", "2911": "Valid Range and Accuracy", "2912": "Measurement Description",
        "2913": "Manufacturer Limits", "2914": "Process Tolerances", "2915": "IMD Trigger Setting",
    ]
}

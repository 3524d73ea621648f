export { parseKeyValueXml, type XmlObject, type XmlValue } from './parse-key-value-xml';
export { parseJSONObjectFromText, parseJsonArrayFromText } from './parse-json-object';
export { parseBooleanFromText } from './parse-boolean';

// Public surface of the JUnit reporter and of its XML escaping, which tests and other writers of
// XML can reuse.
export { JunitReporter, renderJunitReport, type JunitOptions } from './junit-reporter.js';
export { escapeAttr, escapeText, renderXml, xmlSafe, type XmlElement } from './xml.js';

import { parseClientMessage, STREAM_ERRORS } from './stream-messages';

describe("D18's client messages", () => {
  it.each([
    ['{"op":"subscribe","id":"AbCdE12345"}', { op: 'subscribe', id: 'AbCdE12345' }],
    [
      '{"op":"subscribe","id":"AbCdE12345","token":"t","after":3}',
      { op: 'subscribe', id: 'AbCdE12345', token: 't', after: 3 },
    ],
    ['{"op":"subscribe","all":true}', { op: 'subscribe', all: true }],
    ['{"op":"unsubscribe","id":"AbCdE12345"}', { op: 'unsubscribe', id: 'AbCdE12345' }],
    ['{"op":"unsubscribe","all":true}', { op: 'unsubscribe', all: true }],
  ])('reads %s', (text, message) => {
    expect(parseClientMessage(text)).toEqual(message);
  });

  it.each([
    ['not json', STREAM_ERRORS.notJson],
    ['[1]', STREAM_ERRORS.notJson],
    ['{"op":"subscribe"}', STREAM_ERRORS.unknownOp],
    ['{"op":"watch","id":"AbCdE12345"}', STREAM_ERRORS.unknownOp],
    ['{"op":"subscribe","id":"AbCdE12345","after":-1}', STREAM_ERRORS.unknownOp],
    ['{"op":"subscribe","all":false}', STREAM_ERRORS.unknownOp],
    ['{"op":"subscribe","id":"../etc"}', STREAM_ERRORS.notFound],
  ])('answers %s with an error', (text, error) => {
    expect(parseClientMessage(text)).toEqual({ error });
  });
});

// The part of mvdan-sh (mvdan/sh compiled to JavaScript) the screen uses: a parser and node type names.
// Nodes are loose records; commands.ts and words.ts read the fields of each node type they know.
declare module "mvdan-sh" {
  export interface ShPos {
    Offset(): number;
  }
  export interface ShNode {
    Pos(): ShPos;
    End(): ShPos;
    // biome-ignore lint/suspicious/noExplicitAny: fields differ per node type and are read by name.
    [field: string]: any;
  }
  export interface ShParser {
    Parse(source: string, name: string): ShNode;
  }
  const sh: {
    syntax: {
      NewParser(...options: unknown[]): ShParser;
      NodeType(node: ShNode): string;
    };
  };
  export default sh;
}

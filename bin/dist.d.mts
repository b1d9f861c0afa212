export declare const STAMP: string;
export declare function distProblem(root?: string): string | undefined;
export declare function rebuildReason(root?: string): string | undefined;
export declare function compiled(module: string): string | undefined;

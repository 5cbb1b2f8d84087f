export declare function killServices(): void;
